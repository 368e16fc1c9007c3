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

  it('words import refusals in English, bilingual column labels by their English half', () => {
    expect(serverText('系数 Scale: 须为数字: abc', 'en')).toBe('Scale: not a number: abc');
    expect(serverText('设备编码 Device code: 必填', 'en')).toBe('Device code: required');
    expect(serverText('单位 Unit: 最多 32 个字符', 'en')).toBe('Unit: at most 32 characters');
    expect(serverText('数据源不存在: NO-SOURCE', 'en')).toBe('no such source: NO-SOURCE');
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
