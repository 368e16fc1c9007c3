import { describe, expect, it } from 'vitest';
import { defineArea, type MessageTree, mergeAreas } from './area';
import { AREAS } from './areas';
import { i18n } from './index';
import { zh } from './zh';

function shape(tree: MessageTree): unknown {
  return Object.fromEntries(
    Object.entries(tree)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, typeof v === 'string' ? '' : shape(v)]),
  );
}

describe('per-area i18n', () => {
  it('every area has the same keys in zh and en, and a unique namespace', () => {
    for (const area of AREAS) expect(shape(area.en), area.namespace).toEqual(shape(area.zh));
    const names = AREAS.map((a) => a.namespace);
    expect(new Set(names).size).toBe(names.length);
  });

  it('merges an area under its dotted namespace without touching the base', () => {
    const area = defineArea('system.demo', { zh: { title: '演示' }, en: { title: 'Demo' } });
    const merged = mergeAreas({ crud: { add: '新增' } }, [area], 'zh');
    expect(merged).toEqual({ crud: { add: '新增' }, system: { demo: { title: '演示' } } });
    expect(() => mergeAreas(merged, [area], 'zh')).toThrow(/defined twice/);
    expect(() =>
      mergeAreas({ crud: { add: 'x' } }, [defineArea('crud.add.x', { zh: {}, en: {} })], 'zh'),
    ).toThrow();
  });

  it('serves area keys in both languages, zh by default', async () => {
    expect(i18n.t('system.param.nonNegative')).toBe('参数键值请输入非负数字值!');
    expect(i18n.t('system.tenantpackage.nameRequired')).toBe('请输入产品包名称');
    expect(i18n.t('system.tenantpackage.menuRequired')).toBe('请选择菜单');
    expect(i18n.t('system.param.nameRequired')).toBe('请输入参数名称');
    expect(i18n.t('system.param.nonNegative', { lng: 'en' })).toMatch(/non-negative/);
    expect(zh.crud.selectAtLeastOne).toBe('请选择至少一条数据');
    expect(zh.crud.deleteConfirm).toBe('确定将选择数据删除?');
  });
});
