import { AppBar, TitlePortal, ToggleThemeButton } from 'react-admin';
import { ProfileMenu } from './ProfileMenu';

/** The top bar: page title, theme toggle and the profile dropdown. */
export function TopBar() {
  return (
    <AppBar userMenu={false} toolbar={<ToggleThemeButton />}>
      <TitlePortal />
      <ProfileMenu />
    </AppBar>
  );
}
