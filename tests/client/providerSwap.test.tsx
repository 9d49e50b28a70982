/**
 * A screen's data comes from the dataProvider it is given, not from HTTP calls of its own: with
 * another provider (and no API at all: msw refuses any request nobody answers), the screen shows
 * that provider's data and its actions call that provider's methods.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider, type TierDataProvider } from '../../src/dataProvider/dataProvider';
import type { BackupFolder } from '../../src/dataProvider/methods/backups';
import { PublicMethodsContext } from '../../src/dataProvider/usePublicMethods';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { ContactForm } from '../../src/landing/ContactForm';
import { BackupsPage } from '../../src/operations/BackupsPage';
import { loginAs } from './fixtures';

const FOLDER: BackupFolder = { folder: 'backup-swapped-provider', createdAt: '2026-03-04T05:06:07.000Z', size: 2048, rows: 7 };
const TAKEN: BackupFolder = { folder: 'backup-taken-by-the-fake', createdAt: '2026-03-05T00:00:00.000Z', size: 10, rows: 1 };

describe('a screen reads and writes through the dataProvider it is given', () => {
  it('Backups lists the swapped provider’s folders, and Backup calls its takeBackup', async () => {
    loginAs('admin', '7');
    let folders = [FOLDER];
    const getBackups = vi.fn(async () => folders);
    const takeBackup = vi.fn(async () => {
      folders = [TAKEN, ...folders];
      return { success: true, message: 'Backup completed', folder: TAKEN.folder, rows: TAKEN.rows };
    });
    const provider: TierDataProvider = { ...createDataProvider(), getBackups, takeBackup };
    render(
      <MemoryRouter>
        <AdminContext dataProvider={provider} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
          <BackupsPage />
        </AdminContext>
      </MemoryRouter>,
    );
    const row = (await screen.findByRole('cell', { name: FOLDER.folder })).closest('tr')!;
    expect(within(row).getByText('2.0 KB')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Backup' }));
    expect(await screen.findByText(TAKEN.folder)).toBeInTheDocument();
    expect(takeBackup).toHaveBeenCalledTimes(1);
    // The list is read again after a backup: from the same provider.
    expect(getBackups).toHaveBeenCalledTimes(2);
  });

  it('the public Contact Us form sends through the public methods it is given', async () => {
    const sendComplaint = vi.fn(async () => 'Received by the swapped provider.');
    render(
      <PublicMethodsContext.Provider value={{ sendComplaint }}>
        <ContactForm />
      </PublicMethodsContext.Provider>,
    );
    const user = userEvent.setup();
    const fill = async (name: string, text: string) => {
      await user.click(screen.getByRole('textbox', { name }));
      await user.paste(text);
    };
    await fill('Full Name', 'Asha Rao');
    await fill('Email', 'asha@example.com');
    await fill('Mobile', '+91 98765 43210');
    await fill('Details', 'Hello.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Received by the swapped provider.')).toBeInTheDocument();
    expect(sendComplaint).toHaveBeenCalledWith({ enquiryType: 'General', fullName: 'Asha Rao', email: 'asha@example.com', mobile: '+91 98765 43210', complaintDetails: 'Hello.' });
  });
});
