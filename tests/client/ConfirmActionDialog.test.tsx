import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ConfirmActionDialog, type ConfirmKind } from '../../src/tiers/ConfirmActionDialog';

const renderDialog = (kind: ConfirmKind, help?: string) =>
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ConfirmActionDialog kind={kind} name="AD0005" help={help} onConfirm={() => undefined} onClose={() => undefined} />
    </AdminContext>,
  );

describe('confirmation dialogs', () => {
  it("the dialog's title and sentence, and the help beside it", () => {
    renderDialog('deactivate', 'Every account below AD0005 is suspended with it.');
    expect(screen.getByRole('heading', { name: 'Deactivate Confirmation' })).toBeInTheDocument();
    expect(screen.getByText('Are you sure you want to deactivate AD0005?')).toBeInTheDocument();
    expect(screen.getByText('Every account below AD0005 is suspended with it.')).toBeInTheDocument();
  });

  it('no help, no second paragraph', () => {
    renderDialog('delete');
    expect(screen.getByText('Are you sure you want to delete AD0005?')).toBeInTheDocument();
    expect(screen.queryByText(/is suspended with it/)).toBeNull();
  });
});
