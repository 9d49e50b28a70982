import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** Light is the default theme; the top bar toggles to dark. */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  // MUI's md breakpoint is 900 px: the sidebar folds below 900 px.
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  // Wide enough for the longest menu label ("Commission Payout Report") without an ellipsis.
  sidebar: { width: 290, closedWidth: 55 },
};
export const darkTheme: RaThemeOptions = { ...defaultDarkTheme, breakpoints: lightTheme.breakpoints, sidebar: lightTheme.sidebar };
