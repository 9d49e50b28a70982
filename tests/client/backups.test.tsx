import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../src/auth/authProvider';
import { createDataProvider } from '../../src/dataProvider/dataProvider';
import { i18nProvider } from '../../src/i18n/i18nProvider';
import { BackupsPage } from '../../src/operations/BackupsPage';
import { formatBytes } from '../../src/operations/backupsQueries';
import { loginAs, transferred } from './fixtures';
import { recordApi, server, type Recorded } from './msw';

const NEW = 'backup-20260102-030405-aaaaaa';
const OLD = 'backup-20260101-010101-bbbbbb';
const FOLDERS = [
  { folder: NEW, createdAt: '2026-01-02T03:04:05.000Z', size: 2_621_440, rows: 120 },
  { folder: OLD, createdAt: '2026-01-01T01:01:01.000Z', size: 900, rows: 80 },
];
type Reply = ReturnType<NonNullable<Parameters<typeof recordApi>[0]>>;

/** The server: the list (one more folder after a backup), the password check ('secret' is right), and the answers given. */
function api(over: (call: Recorded) => Reply = () => undefined) {
  let folders = FOLDERS;
  return recordApi((call) => {
    const o = over(call);
    if (o) return o;
    if (call.path === '/api/backup/list-backups') return { json: { success: true, folders, message: '' } };
    if (call.path === '/api/backup/exportbackup') {
      folders = [{ folder: 'backup-20260103-000000-cccccc', createdAt: '2026-01-03T00:00:00.000Z', size: 10, rows: 1 }, ...folders];
      return { json: { success: true, message: 'Backup completed', folder: folders[0]!.folder, rows: folders[0]!.rows } };
    }
    if (call.path === '/api/auth/checkpassword') {
      const ok = (call.body as { password: string }).password === 'secret';
      return ok ? { json: { success: true, message: 'Password verified.' } } : { status: 400, json: { success: false, message: 'Invalid password.', field: 'password' } };
    }
    if (call.path === '/api/backup/importbackup') return { json: { success: true, message: `Restored from ${call.query.folder}`, rows: 27 } };
    return undefined;
  });
}

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} authProvider={createAuthProvider('admin')} i18nProvider={i18nProvider}>
        <BackupsPage />
      </AdminContext>
    </MemoryRouter>,
  );
}

// `hidden`: the rows are still read while a modal hides the page from the accessibility tree.
const rowOf = (folder: string) => screen.getByRole('cell', { name: folder, hidden: true }).closest('tr')!;
const button = (folder: string, name: 'Import Backup' | 'Local Download' | 'Cloud Transfer') => within(rowOf(folder)).getByRole('button', { name, hidden: true });
const paths = (calls: Recorded[]) => calls.map((c) => c.path);
const confirmWith = (...answers: boolean[]) => {
  const spy = vi.spyOn(window, 'confirm');
  for (const a of answers) spy.mockReturnValueOnce(a);
  return spy;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Backups: list, take, restore with confirmation and step-up, messages', () => {
  it('lists the folders newest first with size and time; Backup takes one and the list is read again', async () => {
    loginAs('admin', '7');
    const calls = api();
    renderPage();
    await screen.findByText(NEW);
    expect(screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([NEW, OLD]);
    expect(within(rowOf(NEW)).getByText('2.5 MB')).toBeInTheDocument();
    expect(within(rowOf(OLD)).getByText('900 B')).toBeInTheDocument();
    expect(within(rowOf(NEW)).getByText(/^02\/01\/2026 /)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Backup' }));
    expect(await screen.findByText('✅ Backup completed')).toBeInTheDocument();
    expect(await screen.findByText('backup-20260103-000000-cccccc')).toBeInTheDocument();
    expect(paths(calls)).toEqual(['/api/backup/list-backups', '/api/backup/exportbackup', '/api/backup/list-backups']);
  });

  it('formats sizes in 1024s', () => {
    expect([formatBytes(0), formatBytes(1023), formatBytes(1536), formatBytes(5 * 1024 ** 3)]).toEqual(['0 B', '1023 B', '1.5 KB', '5.0 GB']);
  });

  it('restore: a declined confirmation asks nothing of the server', async () => {
    loginAs('admin', '7');
    const calls = api();
    const confirm = confirmWith(false);
    renderPage();
    await screen.findByText(NEW);
    await userEvent.setup().click(button(NEW, 'Import Backup'));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining(NEW));
    expect(confirm.mock.calls[0]![0]).toMatch(/overwrites/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(paths(calls)).toEqual(['/api/backup/list-backups']);
  });

  it('restore: confirmation, then the password once (a wrong one clears the field), then importbackup per folder', async () => {
    loginAs('admin', '7');
    const calls = api((call) =>
      call.path === '/api/backup/importbackup' && call.query.folder === NEW
        ? { status: 409, json: { success: false, message: 'The backup file accounts.json does not match its checksum.' } }
        : undefined,
    );
    confirmWith(true, true);
    renderPage();
    await screen.findByText(NEW);
    const user = userEvent.setup();

    await user.click(button(NEW, 'Import Backup'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    // The folder waits for the password: its buttons are disabled, the other folder's are not.
    expect(button(NEW, 'Local Download')).toBeDisabled();
    expect(button(OLD, 'Import Backup')).toBeEnabled();
    expect(paths(calls)).not.toContain('/api/backup/importbackup');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('❌ Invalid password. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Password'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('❌ The backup file accounts.json does not match its checksum.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Verified in this screen: the next restore asks the browser confirmation only.
    await user.click(button(OLD, 'Import Backup'));
    expect(await screen.findByText(`Restored from ${OLD}`)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path !== '/api/backup/list-backups').map((c) => [c.path, c.body ?? c.query])).toEqual([
      ['/api/auth/checkpassword', { password: 'wrong' }],
      ['/api/auth/checkpassword', { password: 'secret' }],
      ['/api/backup/importbackup', { folder: NEW }],
      ['/api/backup/importbackup', { folder: OLD }],
    ]);
    // The restore ended this session too: the screen says so and asks nothing more.
    expect(screen.getByText(/log in again to go on/)).toBeInTheDocument();
    expect(button(NEW, 'Import Backup')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Backup' })).toBeDisabled();
  });

  it('restore: closing the password modal cancels without a call or a message', async () => {
    loginAs('admin', '7');
    const calls = api();
    confirmWith(true);
    renderPage();
    await screen.findByText(NEW);
    const user = userEvent.setup();
    await user.click(button(NEW, 'Import Backup'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button(NEW, 'Import Backup')).toBeEnabled());
    expect(paths(calls)).toEqual(['/api/backup/list-backups']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('transfer: confirmation first; the folder is disabled while it runs; a 409 shows the server’s message', async () => {
    loginAs('admin', '7');
    const calls = api();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/backup/transferbackup', async () => {
        await gate;
        return HttpResponse.json({ success: false, message: 'Cloud transfer is not configured (BACKUP_S3_URL).' }, { status: 409 });
      }),
    );
    const confirm = confirmWith(false, true);
    renderPage();
    await screen.findByText(NEW);
    const user = userEvent.setup();
    await user.click(button(OLD, 'Cloud Transfer'));
    expect(confirm.mock.calls[0]![0]).toMatch(/shared/);
    expect(paths(calls)).toEqual(['/api/backup/list-backups']);

    await user.click(button(OLD, 'Cloud Transfer'));
    await waitFor(() => expect(button(OLD, 'Cloud Transfer')).toBeDisabled());
    expect(button(OLD, 'Import Backup')).toBeDisabled();
    expect(button(OLD, 'Local Download')).toBeDisabled();
    expect(button(NEW, 'Cloud Transfer')).toBeEnabled();
    release();
    expect(await screen.findByText('❌ Cloud transfer is not configured (BACKUP_S3_URL).')).toBeInTheDocument();
    await waitFor(() => expect(button(OLD, 'Cloud Transfer')).toBeEnabled());
  });

  it('transfer: a success names the folder in the operator’s words, from the reply’s folder', async () => {
    loginAs('admin', '7');
    api();
    server.use(http.get('*/api/backup/transferbackup', ({ request }) => HttpResponse.json(transferred(new URL(request.url).searchParams.get('folder') ?? '', { message: 'the server’s English sentence' }))));
    confirmWith(true);
    renderPage();
    await screen.findByText(NEW);
    await userEvent.setup().click(button(NEW, 'Cloud Transfer'));
    expect(await screen.findByText(`✅ Transferred ${NEW}`)).toBeInTheDocument();
  });

  it('transfer: no answer at all is "❌ Transfer request failed"', async () => {
    loginAs('admin', '7');
    api();
    server.use(http.get('*/api/backup/transferbackup', () => HttpResponse.error()));
    confirmWith(true);
    renderPage();
    await screen.findByText(NEW);
    await userEvent.setup().click(button(NEW, 'Cloud Transfer'));
    expect(await screen.findByText('❌ Transfer request failed')).toBeInTheDocument();
  });

  it('download: fetched with the bearer token and saved under the server’s name; a failure says "❌ Download failed"', async () => {
    loginAs('admin', '7');
    api();
    const seen: Request[] = [];
    let fail = false;
    server.use(
      http.get('*/api/backup/downloadbackup', ({ request }) => {
        seen.push(request);
        if (fail) return new HttpResponse('broken', { status: 500 });
        return new HttpResponse(new Uint8Array([0x1f, 0x8b, 1, 2]), {
          headers: { 'Content-Type': 'application/gzip', 'Content-Disposition': `attachment; filename="${OLD}.tar.gz"` },
        });
      }),
    );
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage();
    await screen.findByText(NEW);
    const user = userEvent.setup();
    await user.click(button(OLD, 'Local Download'));
    await waitFor(() => expect(names).toEqual([`${OLD}.tar.gz`]));
    expect(new URL(seen[0]!.url).searchParams.get('folder')).toBe(OLD);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer tok-123');

    fail = true;
    await user.click(button(OLD, 'Local Download'));
    expect(await screen.findByText('❌ Download failed')).toBeInTheDocument();
  });

  it('a list that cannot be read: "❌ Failed to load backups", or "❌ Error fetching backup list" without an answer', async () => {
    loginAs('admin', '7');
    server.use(http.get('*/api/backup/list-backups', () => new HttpResponse('no', { status: 502 })));
    const { unmount } = renderPage();
    expect(await screen.findByText('❌ Failed to load backups', {}, { timeout: 5000 })).toBeInTheDocument();
    unmount();
    server.use(http.get('*/api/backup/list-backups', () => HttpResponse.error()));
    renderPage();
    expect(await screen.findByText('❌ Error fetching backup list', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
