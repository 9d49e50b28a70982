import { Confirm, useTranslate } from 'react-admin';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';

export type ConfirmKind = 'activate' | 'deactivate' | 'delete' | 'logout';

/** The spec's confirmation dialogs: 'Deactivate Confirmation' / 'Are you sure you want to deactivate {username}?'… */
export function ConfirmActionDialog(props: {
  kind: ConfirmKind | null;
  username: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const kind = props.kind ?? 'delete';
  return (
    <Confirm
      isOpen={props.kind !== null}
      loading={props.loading}
      title={translate(`td.confirm.title.${kind}`)}
      content={
        <>
          <DialogContentText>{translate('td.confirm.text', { action: kind, username: props.username })}</DialogContentText>
          {kind === 'deactivate' && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('td.confirm.suspendsNetwork', { username: props.username })}
            </Typography>
          )}
        </>
      }
      confirm={translate('td.actions.confirm')}
      cancel={translate('td.actions.cancel')}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
