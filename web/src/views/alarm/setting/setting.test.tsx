import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '#src/app/stores/session';
import { i18n } from '#src/i18n';
import { renderWithProviders } from '#src/test/render';

const api = {
  fetchSetting: vi.fn(),
  fetchMailParams: vi.fn(),
  saveMailParams: vi.fn(),
  fetchTenantInit: vi.fn(),
  initializeTenant: vi.fn(),
};
vi.mock('#src/api/alarm', async (original) => ({
  ...(await original<object>()),
  fetchSetting: () => api.fetchSetting(),
  fetchMailParams: () => api.fetchMailParams(),
  saveMailParams: (body: unknown) => api.saveMailParams(body),
  fetchTenantInit: () => api.fetchTenantInit(),
  initializeTenant: () => api.initializeTenant(),
}));

const { default: AlarmSettingPage } = await import('./index');

describe('alarm global settings', () => {
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
    api.fetchTenantInit.mockResolvedValue({ initialized: true, levels: 5, cycles: 1 });
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

  it('tells a tenant with no levels or cycle so, and adds the defaults', async () => {
    api.fetchTenantInit
      .mockResolvedValueOnce({ initialized: false, levels: 0, cycles: 0 })
      .mockResolvedValue({ initialized: true, levels: 5, cycles: 1 });
    api.initializeTenant.mockResolvedValue('操作成功');
    renderWithProviders(<AlarmSettingPage />);
    const add = await screen.findByRole('button', { name: 'Add the default levels and cycle' });
    expect(screen.getByText(/no alarm levels or time cycle yet/)).toBeInTheDocument();
    fireEvent.click(add);
    await waitFor(() => expect(api.initializeTenant).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.queryByText(/no alarm levels or time cycle yet/)).not.toBeInTheDocument(),
    );
  });

  it('says nothing to a tenant that is ready', async () => {
    renderWithProviders(<AlarmSettingPage />);
    await screen.findByRole('tab', { name: 'E-mail' });
    await waitFor(() => expect(api.fetchTenantInit).toHaveBeenCalled());
    expect(screen.queryByText(/no alarm levels or time cycle yet/)).not.toBeInTheDocument();
  });
});
