import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ConfirmActionDialog, type ConfirmKind } from '../../src/tiers/ConfirmActionDialog';

const renderDialog = (kind: ConfirmKind) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ConfirmActionDialog kind={kind} username="AD0005" onConfirm={() => undefined} onClose={() => undefined} />
    </AdminContext>,
  );

describe('confirmation dialogs', () => {
  it('warn that deactivation suspends the whole network below', () => {
    renderDialog('deactivate');
    expect(screen.getByText('Are you sure you want to deactivate AD0005?')).toBeInTheDocument();
    expect(screen.getByText(/Every account below AD0005 is suspended with it/)).toBeInTheDocument();
  });

  it('say nothing of the kind for a delete', () => {
    renderDialog('delete');
    expect(screen.queryByText(/is suspended with it/)).toBeNull();
  });
});
