import { useState } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatPoints } from '../../domain/money';
import { getStoredUser } from '../auth/session';
import { useOperatorCredit } from '../credit/useOperatorCredit';
import { ChangePasswordDialog } from './ChangePasswordDialog';

/** The operator's own profile: who they are, their wallet, and the password change. */
export function ProfilePage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { credit } = useOperatorCredit();
  const user = getStoredUser();
  const [open, setOpen] = useState(false);
  const na = translate('td.app.na');
  return (
    <Card sx={{ mt: 2, maxWidth: 560 }}>
      <Title title={translate('td.page.profile', { _: 'Profile' })} />
      <CardContent>
        <Typography variant="h6">{identity?.fullName ?? na}</Typography>
        <Typography>
          {translate('td.details.role')}: {user?.role ?? na}
        </Typography>
        <Typography>
          {translate('td.details.creditLabel')}: {formatPoints(credit?.walletBalance)}
        </Typography>
        <Typography>
          {translate('td.details.commission')}: {formatPoints(user?.commission)}
        </Typography>
        <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setOpen(true)}>
          {translate('td.profileMenu.changePassword')}
        </Button>
        <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
      </CardContent>
    </Card>
  );
}
