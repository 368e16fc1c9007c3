import { describe, expect, it } from 'vitest';
import { serverText } from './serverText';

describe('the server’s collector and import messages in the console’s language', () => {
  it('leaves them as sent in Chinese', () => {
    const text = '点位 PLC1/TEMP (地址 40012) 读取失败: Modbus 异常 2 (非法数据地址)';
    expect(serverText(text, 'zh')).toBe(text);
  });

  it('words a refused point, a missing node and a lost server in English, names and numbers kept', () => {
    expect(serverText('点位 PLC1/TEMP (地址 40012) 读取失败: Modbus 异常 2 (非法数据地址)', 'en')).toBe(
      'point PLC1/TEMP (address 40012) read failed: Modbus exception 2 (illegal data address)',
    );
    expect(
      serverText('点位 R-2/GHOST (地址 ns=2;s=Reactor.Ghost) 读取失败: 节点不存在 (BadNodeIdUnknown)', 'en'),
    ).toBe(
      'point R-2/GHOST (address ns=2;s=Reactor.Ghost) read failed: node does not exist (BadNodeIdUnknown)',
    );
    expect(serverText('Modbus 服务器 modbus://10.0.0.5:502 未应答 (超时 1000 ms, 重试 2 次)', 'en')).toBe(
      'the Modbus server modbus://10.0.0.5:502 did not answer (timeout 1000 ms, 2 retries)',
    );
    expect(serverText('与 Modbus 服务器 modbus://10.0.0.5:502 的连接已断开', 'en')).toBe(
      'the connection to the Modbus server modbus://10.0.0.5:502 was lost',
    );
  });

  it('words the connection test’s answers in English, in Chinese as sent', () => {
    const answers = [
      ['已连接 MQTT 服务器 mqtts://broker:8883', 'connected to the MQTT server mqtts://broker:8883'],
      [
        '已连接 OPC UA 服务器 opc.tcp://10.0.0.7:4840: open62541 OPC UA Server 1.3.5, 状态 Running',
        'connected to the OPC UA server opc.tcp://10.0.0.7:4840: open62541 OPC UA Server 1.3.5, state Running',
      ],
      [
        '已连接 Modbus 服务器 modbus-rtu://10.0.0.5:502; 从站 1 保持寄存器 40001 = 16457',
        'connected to the Modbus server modbus-rtu://10.0.0.5:502; unit 1 holding register 40001 = 16457',
      ],
      [
        '已连接 Modbus 服务器 modbus://10.0.0.5:502; 从站 3 应答异常: Modbus 异常 2 (非法数据地址)',
        'connected to the Modbus server modbus://10.0.0.5:502; unit 3 answered with an exception: Modbus exception 2 (illegal data address)',
      ],
      [
        '无法连接 Modbus 服务器 modbus://10.0.0.5:502',
        'cannot connect to the Modbus server modbus://10.0.0.5:502',
      ],
    ];
    for (const [zh, en] of answers) {
      expect(serverText(zh, 'en')).toBe(en);
      expect(serverText(zh, 'zh')).toBe(zh);
    }
  });

  it('words import refusals in English, bilingual column labels by their English half', () => {
    expect(serverText('系数 Scale: 须为数字: abc', 'en')).toBe('Scale: not a number: abc');
    expect(serverText('设备编码 Device code: 必填', 'en')).toBe('Device code: required');
    expect(serverText('单位 Unit: 最多 32 个字符', 'en')).toBe('Unit: at most 32 characters');
    expect(serverText('数据源不存在: NO-SOURCE', 'en')).toBe('no such source: NO-SOURCE');
    expect(serverText('设备不存在: TK-9 (新建设备需要设备台账的新增权限)', 'en')).toBe(
      "no such device: TK-9 (adding a device needs the device ledger's add permission)",
    );
    expect(
      serverText('安装日期 Install date: 日期格式错误: next spring (yyyy-mm-dd 或 yyyy/mm/dd)', 'en'),
    ).toBe('Install date: not a date: next spring (yyyy-mm-dd or yyyy/mm/dd)');
    expect(serverText("未识别表头: 第 1 行缺少列 设备编码 Device code; 未识别的列: A 'Dev Code'", 'en')).toBe(
      "header not recognised: row 1 lacks the columns Device code; columns not recognised: A 'Dev Code'",
    );
    expect(
      serverText(
        '导入中断: 第 2-51 行已处理 (49 行已导入, 1 行失败), 第 52 行起未导入, 请查看已导入的数据后重试',
        'en',
      ),
    ).toBe(
      'import stopped: rows 2-51 processed (49 imported, 1 failed), nothing imported from row 52; check the imported data and try again',
    );
    expect(serverText('something the console does not know', 'en')).toBe(
      'something the console does not know',
    );
  });
});
