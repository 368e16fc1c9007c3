import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '#src/app/stores/session';
import { i18n } from '#src/i18n';
import { renderWithProviders } from '#src/test/render';

const api = {
  fetchSetting: vi.fn(),
  fetchMailParams: vi.fn(),
  saveMailParams: vi.fn(),
};
vi.mock('#src/api/alarm', async (original) => ({
  ...(await original<object>()),
  fetchSetting: () => api.fetchSetting(),
  fetchMailParams: () => api.fetchMailParams(),
  saveMailParams: (body: unknown) => api.saveMailParams(body),
}));

const { default: AlarmSettingPage } = await import('./index');

describe('alarm global settings: e-mail parameters', () => {
  beforeEach(async () => {
    for (const fn of Object.values(api)) fn.mockReset();
    await i18n.changeLanguage('en');
    api.fetchSetting.mockResolvedValue({ enabled: 1, notify: 1, keepDays: 90 });
    api.fetchMailParams.mockResolvedValue({
      smtpHost: 'smtp.plant.local',
      smtpPort: 25,
      smtpUser: 'alarms',
      smtpFrom: 'alarms@plant.local',
      smtpTls: 0,
      passwordSet: true,
    });
    api.saveMailParams.mockResolvedValue('操作成功');
    useSession.setState({ permissions: { setting_edit: true } });
  });

  it('shows the stored parameters without the password and saves an empty password as "keep it"', async () => {
    renderWithProviders(<AlarmSettingPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'E-mail' }));
    const host = await screen.findByLabelText('SMTP server');
    await waitFor(() => expect(host).toHaveValue('smtp.plant.local'));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'Set; leave empty to keep it');

    fireEvent.change(screen.getByLabelText('Port'), { target: { value: '587' } });
    fireEvent.click(screen.getByRole('switch', { name: 'TLS' }));
    fireEvent.click(screen.getAllByRole('button', { name: /Save/ }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(api.saveMailParams).toHaveBeenCalledWith({
        smtpHost: 'smtp.plant.local',
        smtpPort: 587,
        smtpUser: 'alarms',
        smtpPassword: '',
        smtpFrom: 'alarms@plant.local',
        smtpTls: 1,
      }),
    );
  });

  it('refuses a host with characters no server name has', async () => {
    renderWithProviders(<AlarmSettingPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'E-mail' }));
    const host = await screen.findByLabelText('SMTP server');
    await waitFor(() => expect(host).toHaveValue('smtp.plant.local'));
    fireEvent.change(host, { target: { value: 'smtp host; rm' } });
    fireEvent.click(screen.getAllByRole('button', { name: /Save/ }).at(-1) as HTMLElement);
    expect(await screen.findByText('Not a server name')).toBeInTheDocument();
    expect(api.saveMailParams).not.toHaveBeenCalled();
  });
});
