import { useState } from 'react';
import { Logout, UserMenu, useBasename, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import { formatPoints } from '../i18n/format';
import { useOperatorCredit } from '../credit/useOperatorCredit';
import { ChangePasswordDialog } from '../profile/ChangePasswordDialog';
import { LanguageMenuItems } from './LanguageMenuItems';

function EditProfileItem() {
  const translate = useTranslate();
  const basename = useBasename();
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem component={Link} to={`${basename}/profile`} onClick={onClose}>
      <ListItemIcon>
        <EditIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('td.profileMenu.editProfile')}</ListItemText>
    </MenuItem>
  );
}

function ChangePasswordItem({ onOpen }: { onOpen: () => void }) {
  const translate = useTranslate();
  const { onClose } = useUserMenu() ?? {};
  return (
    <MenuItem
      onClick={() => {
        onClose?.();
        onOpen();
      }}
    >
      <ListItemIcon>
        <LockIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('td.profileMenu.changePassword')}</ListItemText>
    </MenuItem>
  );
}

/** The top bar's profile dropdown: username, live wallet balance, Edit Profile, Change Password, language, Log Out. */
export function ProfileMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { credit } = useOperatorCredit();
  const [passwordOpen, setPasswordOpen] = useState(false);
  return (
    <>
      <Box sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'right', mr: 1 }} data-testid="wallet-balance">
        <Typography variant="caption">{translate('td.profileMenu.wallet', { amount: formatPoints(credit?.walletBalance) })}</Typography>
      </Box>
      <UserMenu>
        <MenuItem disabled>
          <ListItemText primary={identity?.fullName} secondary={translate('td.profileMenu.wallet', { amount: formatPoints(credit?.walletBalance) })} />
        </MenuItem>
        <EditProfileItem />
        <ChangePasswordItem onOpen={() => setPasswordOpen(true)} />
        <LanguageMenuItems />
        <Logout />
      </UserMenu>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}
