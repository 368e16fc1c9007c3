import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkUpload, deployUpload } from '#src/api/flow';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';
import DeployPage from './deploy';

vi.mock('#src/api/flow', () => ({
  checkUpload: vi.fn(async (file: File) =>
    file.name.endsWith('.bpmn20.xml')
      ? { name: file.name, success: true, processes: ['Leave'] }
      : { name: file.name, success: false, message: `文件格式错误: ${file.name}`, processes: [] },
  ),
  deployUpload: vi.fn(async () => 1),
}));

describe('模型部署', () => {
  afterEach(() => useSession.setState({ permissions: {} }));

  it('checks each chosen file at once and deploys only when every file would deploy', async () => {
    useSession.setState({ permissions: { deploy_upload: true } });
    const { container } = renderWithProviders(<DeployPage />);
    const good = new File(['<x/>'], 'leave.bpmn20.xml', { type: 'text/xml' });
    const bad = new File(['<x/>'], 'notes.txt', { type: 'text/plain' });
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, [good, bad], { applyAccept: false });
    await waitFor(() => expect(checkUpload).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('notes.txt: 文件格式错误: notes.txt')).toBeInTheDocument();
    await waitFor(() => expect(container.querySelectorAll('.ant-upload-list-item-error')).toHaveLength(1));

    const deploy = screen.getByRole('button', { name: /部\s*署/ });
    await userEvent.click(deploy);
    expect(await screen.findByText('请先移除不能部署的文件')).toBeInTheDocument();
    expect(deployUpload).not.toHaveBeenCalled();

    const failed = container.querySelector('.ant-upload-list-item-error') as HTMLElement;
    await userEvent.click(failed.querySelector('button[title], .anticon-delete') as HTMLElement);
    await userEvent.click(deploy);
    await waitFor(() => expect(deployUpload).toHaveBeenCalledWith([good], undefined, undefined));
  });
});
