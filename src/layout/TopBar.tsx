import { AppBar, TitlePortal, ToggleThemeButton } from 'react-admin';
import { ProfileMenu } from './ProfileMenu';
import { useLiveWallet } from './useLiveWallet';

/** The top bar: page title, theme toggle and the profile dropdown. */
export function TopBar() {
  useLiveWallet();
  return (
    <AppBar userMenu={false} toolbar={<ToggleThemeButton />}>
      <TitlePortal />
      <ProfileMenu />
    </AppBar>
  );
}
