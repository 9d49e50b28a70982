import { useState } from 'react';
import { useBasename, useGetIdentity, useGetOne, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import Box from '@mui/material/Box';
import { mintsPoints } from '../../resources.config';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatPoints } from '../i18n/format';
import { getStoredUser } from '../auth/session';
import { ScreenFrame } from '../common/ScreenFrame';
import { useOperatorCredit } from '../credit/useOperatorCredit';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { PROFILE_FIELDS, tierOf } from '../../resources.config';
import type { AccountRow } from '../dataProvider/dataProvider';
import { TierFormView } from '../tiers/TierForm';
import { roleLabel } from '../tiers/registry';

/** Edit Profile: the operator's own fields (PROFILE_FIELDS), through the same form as every tier. */
function ProfileForm({ id, role }: { id: string; role: NonNullable<ReturnType<typeof getStoredUser>>['role'] }) {
  const translate = useTranslate();
  const tier = tierOf(role);
  const { data } = useGetOne<AccountRow>(tier.role, { id });
  if (!data) return null;
  return <TierFormView key={data.id} scope={{ tier }} mode="edit" record={data} only={PROFILE_FIELDS} title={translate('td.profileMenu.editProfile')} embedded />;
}

/** The operator's own profile: who they are, their wallet, and the password change. */
export function ProfilePage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { credit } = useOperatorCredit();
  const user = getStoredUser();
  const [open, setOpen] = useState(false);
  const basename = useBasename();
  const na = translate('td.app.na');
  return (
    <>
      <Box sx={{ maxWidth: 560 }}>
        <ScreenFrame
          title={translate('td.page.profile', { _: 'Profile' })}
          actions={
            <>
              <Button variant="outlined" onClick={() => setOpen(true)}>
                {translate('td.profileMenu.changePassword')}
              </Button>
              {user && mintsPoints(user.role) && (
                <Button variant="contained" component={Link} to={`${basename}/profile/creditadjust/${user._id}`}>
                  {translate('td.credit.mint')}
                </Button>
              )}
            </>
          }
        >
          <Typography variant="h6">{identity?.fullName ?? na}</Typography>
          <Typography>
            {translate('td.details.role')}: {user?.role ? roleLabel(user.role) : na}
          </Typography>
          <Typography>
            {translate('td.details.creditLabel')}: {formatPoints(credit?.walletBalance)}
          </Typography>
          <Typography>
            {translate('td.details.commission')}: {formatPoints(user?.commission)}
          </Typography>
          <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
        </ScreenFrame>
      </Box>
      {user && <ProfileForm id={user._id} role={user.role} />}
    </>
  );
}
