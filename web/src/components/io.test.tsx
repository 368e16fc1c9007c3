import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dispositionName, download } from '#src/api/download';
import { renderWithProviders } from '#src/test/render';
import ExcelImport from './ExcelImport';

const { post, get } = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('#src/api/http', () => ({ http: { post, get } }));

describe('ExcelImport', () => {
  beforeEach(() => {
    post.mockReset();
    get.mockReset();
  });

  it('uploads the file with the overwrite flag and lists the failed rows', async () => {
    post.mockImplementation(async (_url, _body, config) => {
      config.onUploadProgress?.({ loaded: 5, total: 10 });
      return {
        data: {
          code: 200,
          data: {
            total: 3,
            success: 1,
            errors: [
              { row: 2, msg: '账号已存在' },
              { row: 3, msg: '部门不存在' },
            ],
          },
        },
      };
    });
    const onDone = vi.fn();
    renderWithProviders(
      <ExcelImport
        open
        onClose={() => {}}
        action="/blade-user/import-user"
        coveredParam="isCovered"
        onDone={onDone}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('switch', { name: '数据覆盖' }));
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'users.xlsx')] } });
    expect(await within(dialog).findByText('共 3 条，成功 1 条，失败 2 条')).toBeInTheDocument();
    expect(within(dialog).getByText('账号已存在')).toBeInTheDocument();
    expect(within(dialog).getByText('部门不存在')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith(
      '/blade-user/import-user',
      expect.any(FormData),
      expect.objectContaining({ params: { isCovered: 1 } }),
    );
    expect(onDone).toHaveBeenCalled();
  });

  it('offers the template download when given', async () => {
    get.mockResolvedValue({ data: new Blob(['x'], { type: 'application/octet-stream' }), headers: {} });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(
      <ExcelImport open onClose={() => {}} action="/x/import" templateUrl="/x/export-template" />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /点击下载导入模板/ }));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        '/x/export-template',
        expect.objectContaining({ responseType: 'blob' }),
      ),
    );
  });
});

describe('download', () => {
  beforeEach(() => {
    get.mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
  });

  it('reads the file name from Content-Disposition', () => {
    expect(dispositionName("attachment; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx")).toBe('用户.xlsx');
    expect(dispositionName('attachment; filename="a.xlsx"')).toBe('a.xlsx');
    expect(dispositionName(undefined)).toBeUndefined();
  });

  it('saves a file blob and refuses a JSON error blob', async () => {
    get.mockResolvedValueOnce({ data: new Blob(['x'], { type: 'application/vnd.ms-excel' }), headers: {} });
    expect(await download('/x/export', { filename: 'x.xlsx' })).toBe(true);
    get.mockResolvedValueOnce({
      data: new Blob([JSON.stringify({ code: 400, msg: '无权限' })], { type: 'application/json' }),
      headers: {},
    });
    renderWithProviders(<div />);
    expect(await download('/x/export', { filename: 'x.xlsx' })).toBe(false);
    expect(await screen.findByText('无权限')).toBeInTheDocument();
    get.mockRejectedValueOnce(new Error('400'));
    expect(await download('/x/export', { filename: 'x.xlsx' })).toBe(false);
  });
});
