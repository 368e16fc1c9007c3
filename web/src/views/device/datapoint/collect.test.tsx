import { fireEvent, screen, within } from '@testing-library/react';
import { Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  applyDeviceSourceStates,
  applySourceStatuses,
  type BrowseNode,
  type SourceStatusRead,
} from '#src/api/deviceCollect';
import { renderWithProviders } from '#src/test/render';
import { type NodeItem, replaceChildren } from './AddressField';
import { parseSettings, SettingsEditor, type SourceKind, settingsRule } from './SourceSettings';
import { StateBadge } from './SourceStatus';

function Editor({ kind, initial, secretsSet }: { kind: SourceKind; initial: object; secretsSet?: string[] }) {
  const [form] = Form.useForm();
  const [value, setValue] = useState(JSON.stringify(initial));
  return (
    <Form form={form} initialValues={{ secretsSet }}>
      <SettingsEditor
        kind={kind}
        value={value}
        onChange={(next) => setValue(String(next))}
        mode="add"
        form={form}
        column={{ prop: 'config', label: 'config' }}
      />
      <output data-testid="config">{value}</output>
    </Form>
  );
}

const config = () => JSON.parse(screen.getByTestId('config').textContent ?? '{}');

describe('source settings by type', () => {
  it('shows a Modbus serial line only for RTU on a serial port, and keeps keys it does not know', () => {
    renderWithProviders(<Editor kind="modbus" initial={{ transport: 'tcp', host: 'plc', custom: 7 }} />);
    expect(screen.getByLabelText('主机')).toHaveValue('plc');
    expect(screen.queryByLabelText('串口')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('主机'), { target: { value: 'plc-2' } });
    expect(config()).toEqual({ transport: 'tcp', host: 'plc-2', custom: 7 });
    fireEvent.change(screen.getByLabelText('主机'), { target: { value: '' } });
    expect(config()).toEqual({ transport: 'tcp', custom: 7 });
  });

  it('shows the TLS settings of an MQTT source only for an mqtts:// broker', () => {
    renderWithProviders(<Editor kind="mqtt" initial={{ url: 'mqtt://b:1883' }} />);
    expect(screen.queryByLabelText('CA 证书(PEM)')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('服务器地址'), { target: { value: 'mqtts://b:8883' } });
    expect(screen.getByLabelText('CA 证书(PEM)')).toBeInTheDocument();
    expect(screen.getByLabelText('校验服务器证书')).toBeChecked();
  });

  it('keeps a stored secret out of sight: the empty field says it is kept', () => {
    renderWithProviders(
      <Editor kind="mqtt" initial={{ url: 'mqtts://b:8883' }} secretsSet={['password', 'clientKey']} />,
    );
    for (const label of ['密码', '客户端私钥(PEM)']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
      expect(screen.getByLabelText(label)).toHaveAttribute('placeholder', '已保存,留空则不变');
    }
    expect(screen.getByLabelText('客户端证书(PEM)')).toHaveAttribute(
      'placeholder',
      '-----BEGIN CERTIFICATE-----',
    );
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'u' } });
    expect(config()).toEqual({ url: 'mqtts://b:8883', username: 'u' }); // nothing sent: the stored one stays
  });

  it('asks for the settings a type needs, among those shown', async () => {
    const check = (kind: SourceKind, settings: object) =>
      // biome-ignore lint/suspicious/noExplicitAny: the rule's validator as antd calls it
      (settingsRule(kind) as any).validator({}, JSON.stringify(settings));
    await expect(check('mqtt', {})).rejects.toThrow('请输入服务器地址');
    await expect(check('modbus', { transport: 'rtu', host: 'x' })).rejects.toThrow('请输入串口');
    await expect(check('modbus', { transport: 'rtu', serialPort: '/dev/ttyUSB0' })).resolves.toBeUndefined();
    expect(parseSettings('[1]')).toEqual({});
  });
});

const node = (nodeId: string): NodeItem => ({
  key: nodeId,
  title: nodeId,
  node: { nodeId, browseName: nodeId, displayName: nodeId, nodeClass: 'Object' } as BrowseNode,
});

describe('collector state badge', () => {
  it('names the states the collectors report and shows an unknown one as sent', () => {
    renderWithProviders(
      <div>
        <span data-testid="a">
          <StateBadge state="online" />
        </span>
        <span data-testid="b">
          <StateBadge state="offline" prefix="PLC-1 " />
        </span>
        <span data-testid="c">
          <StateBadge state="stopped" />
        </span>
        <span data-testid="d">
          <StateBadge state="paused" />
        </span>
      </div>,
    );
    expect(within(screen.getByTestId('a')).getByText('在线')).toBeInTheDocument();
    expect(within(screen.getByTestId('b')).getByText('PLC-1 离线')).toBeInTheDocument();
    expect(within(screen.getByTestId('c')).getByText('未采集')).toBeInTheDocument();
    expect(within(screen.getByTestId('d')).getByText('paused')).toBeInTheDocument();
  });
});

describe('OPC UA node browser', () => {
  it('puts a browsed level under its node, however deep', () => {
    const tree = [node('i=85'), { ...node('ns=2;s=R'), children: [node('ns=2;s=R.A')] }];
    const once = replaceChildren(tree, 'ns=2;s=R.A', [node('ns=2;s=R.A.T')]);
    expect(once[1].children?.[0].children?.map((c) => c.key)).toEqual(['ns=2;s=R.A.T']);
    expect(once[0]).toBe(tree[0]);
    const top = replaceChildren(once, 'i=85', [node('i=2253')]);
    expect(top[0].children?.map((c) => c.key)).toEqual(['i=2253']);
  });
});

describe('pushed source statuses', () => {
  const status = (sourceId: string, state: string) => ({ sourceId, state }) as SourceStatusRead;

  it('replace the source they name and leave the others', () => {
    const cached = { '1': status('1', 'connecting'), '2': status('2', 'online') };
    expect(applySourceStatuses(cached, [status('1', 'online'), status('3', 'offline')])).toEqual({
      '1': status('1', 'online'),
      '2': status('2', 'online'),
      '3': status('3', 'offline'),
    });
  });

  it('set the state of the source in every device that reads it', () => {
    const cached = {
      d1: [{ deviceId: 'd1', sourceId: '1', code: 'A', name: 'A', type: 'mqtt', state: 'connecting' }],
      d2: [{ deviceId: 'd2', sourceId: '2', code: 'B', name: 'B', type: 'mqtt', state: 'online' }],
    };
    const next = applyDeviceSourceStates(cached, [status('1', 'offline')]) as typeof cached;
    expect(next.d1[0].state).toBe('offline');
    expect(next.d2[0]).toBe(cached.d2[0]);
  });
});
