import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';

/** The full-screen overlay spinner shown while a form submits or a credit operation runs. */
export function Overlay({ open }: { open: boolean }) {
  return (
    <Backdrop open={open} sx={{ zIndex: (t) => t.zIndex.modal + 1, color: '#fff' }} data-testid="overlay">
      {open && <CircularProgress color="inherit" />}
    </Backdrop>
  );
}
