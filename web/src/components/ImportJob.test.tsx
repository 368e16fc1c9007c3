import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#src/test/render';
import ImportJob, { applyImportProgress, IMPORT_POLL_MS, isRunning, pollWhileRunning } from './ImportJob';

const { post } = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('#src/api/http', () => ({ http: { post, get: vi.fn() } }));

describe('import job polling', () => {
  it('polls queued and running jobs only', () => {
    expect(isRunning(0)).toBe(true);
    expect(isRunning(1)).toBe(true);
    expect(isRunning(2)).toBe(false);
    expect(isRunning(3)).toBe(false);
    expect(isRunning(undefined)).toBe(false);
    expect(pollWhileRunning(1)).toBe(IMPORT_POLL_MS);
    expect(pollWhileRunning(2)).toBe(false);
    expect(pollWhileRunning(1, true)).toBe(false); // pushed by the live channel: no polling
  });

  it('takes the pushed progress over the cached one, the newest last', () => {
    const cached = { id: '9', state: 1, progress: 10, fileName: 'a.xlsx' };
    expect(
      applyImportProgress(cached, [
        { id: '9', state: 1, progress: 40 },
        { id: '9', state: 2, progress: 100, successCount: 5 },
      ]),
    ).toEqual({ id: '9', state: 2, progress: 100, successCount: 5, fileName: 'a.xlsx' });
    expect(applyImportProgress(undefined, [{ id: '9', state: 2 }])).toBeUndefined();
  });
});

describe('ImportJob', () => {
  beforeEach(() => post.mockReset());

  it('uploads, follows the job until it ends, then shows the counts and the rejected rows', async () => {
    post.mockResolvedValue({ data: { code: 200, data: { id: '42', state: 0, progress: 0 } } });
    const states = [
      { id: '42', state: 1, progress: 40 },
      { id: '42', state: 2, progress: 100, total: 3, successCount: 2, failCount: 1 },
    ];
    const status = vi.fn(async () => states.shift() ?? { id: '42', state: 2, progress: 100 });
    const errors = vi.fn(async () => [{ id: 'e1', rowNo: 3, reason: '模型不存在: NOPE' }]);
    const onDone = vi.fn();
    renderWithProviders(
      <ImportJob
        open
        onClose={() => {}}
        action="/x/import"
        status={status}
        errors={errors}
        onDone={onDone}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'devices.xlsx')] } });
    expect(await within(dialog).findByTestId('import-progress')).toHaveTextContent('40%');
    expect(
      await within(dialog).findByText('共 3 条，成功 2 条，失败 1 条', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('模型不存在: NOPE')).toBeInTheDocument();
    expect(status).toHaveBeenCalledWith('42');
    expect(errors).toHaveBeenCalledWith('42');
    expect(post).toHaveBeenCalledWith('/x/import', expect.any(FormData), expect.anything());
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });

  it('shows the reason of a failed job and asks for no rejected rows', async () => {
    post.mockResolvedValue({ data: { code: 200, data: { id: '7', state: 0, progress: 0 } } });
    const status = vi.fn(async () => ({
      id: '7',
      state: 3,
      progress: 0,
      message: '文件格式错误,请上传 xlsx 文件',
    }));
    const errors = vi.fn(async () => []);
    renderWithProviders(
      <ImportJob open onClose={() => {}} action="/x/import" status={status} errors={errors} />,
    );
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'bad.xlsx')] } });
    expect(await within(dialog).findByText('文件格式错误,请上传 xlsx 文件')).toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
  });
});
