import { Confirm, useTranslate } from 'react-admin';
import DialogContentText from '@mui/material/DialogContentText';
import Typography from '@mui/material/Typography';

export type ConfirmKind = 'activate' | 'deactivate' | 'delete' | 'logout';

/**
 * The confirmation dialogs: 'Deactivate Confirmation' / 'Are you sure you want to deactivate {name}?'…
 * (accounts by username, games by name); `help` says what the action does beyond its name.
 */
export function ConfirmActionDialog(props: {
  kind: ConfirmKind | null;
  name: string;
  help?: string;
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
          <DialogContentText>{translate('td.confirm.text', { action: kind, username: props.name })}</DialogContentText>
          {props.help && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {props.help}
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
