import { afterEach, describe, expect, it, vi } from 'vitest';
import '#src/i18n';
import {
  add,
  applyProperty,
  clear,
  columnsOf,
  DesignError,
  duplicate,
  IMAGE_TYPES,
  move,
  moveGroup,
  newProp,
  refusal,
  remove,
  updateProps,
  updateSettings,
} from './commands';
import { canRedo, canUndo, current, historyKey, MAX_STEP, push, redo, start, undo } from './history';
import { exportOption, ILLEGAL_CONFIG, parseOption } from './io';
import { PALETTE_GROUPS, paletteOf, propertiesOf, REGISTRY } from './registry';
import type { Column, FormOption } from './types';
import { checkOptions, checkParams, uploadRefusal, validateValue } from './validation';

const empty = (): FormOption => ({ column: [] });

function refusedWith(key: string, fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DesignError);
    expect((error as DesignError).key).toBe(key);
    return;
  }
  throw new Error(`not refused: ${key}`);
}

/** A form as the seed system's designer saves it: a sub-table and a group, avue vocabulary. */
const SEED = JSON.stringify({
  labelWidth: 120,
  column: [
    { type: 'input', label: 'Inspector', prop: 'inspector', span: 12, required: true },
    {
      type: 'select',
      label: 'Shift',
      prop: 'shift',
      dicUrl: '/api/form/formhook/getData/1',
      dicOption: 'remote',
      props: { label: 'label', value: 'value' },
    },
    {
      type: 'dynamic',
      label: 'Checklist',
      prop: 'items',
      span: 24,
      children: {
        align: 'center',
        type: 'table',
        index: true,
        column: [
          { type: 'input', label: 'Item', prop: 'item', width: 200 },
          { type: 'select', label: 'Result', prop: 'result', dicData: [{ label: 'OK', value: 'ok' }] },
        ],
      },
    },
  ],
  group: [
    {
      label: 'Sign-off',
      prop: 'signoff',
      icon: 'el-icon-edit',
      arrow: true,
      collapse: true,
      column: [{ type: 'input', label: 'Supervisor', prop: 'supervisor' }],
    },
  ],
});

describe('registry', () => {
  it('offers the four palette groups of the spec, then the advanced widgets', () => {
    expect(PALETTE_GROUPS).toEqual(['layout', 'input', 'select', 'datetime', 'advanced']);
    expect(paletteOf('advanced').map((w) => w.type)).toEqual([
      'upload',
      'slider',
      'rate',
      'switch',
      'ueditor',
      'map',
    ]);
    expect(paletteOf('layout').map((w) => w.type)).toEqual(['dynamic', 'title', 'group']);
    expect(paletteOf('input').map((w) => w.type)).toEqual(['input', 'textarea', 'number']);
    expect(paletteOf('select').map((w) => w.type)).toEqual(['radio', 'checkbox', 'select']);
    expect(paletteOf('datetime').map((w) => w.type)).toEqual([
      'date',
      'time',
      'datetime',
      'daterange',
      'timerange',
    ]);
  });

  it('shows width only for a sub-table column and span elsewhere', () => {
    const keys = (container: 'root' | 'dynamic:t') =>
      propertiesOf({ prop: 'a', type: 'input' }, container).map((p) => p.key);
    expect(keys('root')).toContain('span');
    expect(keys('root')).not.toContain('width');
    expect(keys('dynamic:t')).toContain('width');
    expect(keys('dynamic:t')).not.toContain('span');
  });

  it('gives every field the basic properties and the four event hooks', () => {
    const keys = propertiesOf({ prop: 'a', type: 'select' }, 'root').map((p) => p.key);
    for (const key of ['type', 'prop', 'label', 'dataType', 'tip', 'tipPlacement', 'labelTip', 'value']) {
      expect(keys).toContain(key);
    }
    expect(keys).toEqual(
      expect.arrayContaining(['change', 'click', 'focus', 'blur', 'filterable', 'allowCreate']),
    );
  });
});

describe('commands', () => {
  it('adds a field with its defaults, at an index', () => {
    let form = add(empty(), 'input', 'root', undefined, { prop: 'a' }).form;
    form = add(form, 'number', 'root', 0, { prop: 'b', label: 'Count' }).form;
    expect(form.column.map((c) => c.prop)).toEqual(['b', 'a']);
    expect(form.column[0]).toMatchObject({ type: 'number', label: 'Count', span: 24, controls: true });
  });

  it('makes a prop of a + timestamp + a random number up to 99999', () => {
    expect(newProp(1700000000000, () => 1)).toBe('a170000000000099999');
    expect(newProp(1700000000000, () => 0.00001)).toBe('a17000000000001');
  });

  it('refuses a prop already taken', () => {
    const form = add(empty(), 'input', 'root', undefined, { prop: 'a' }).form;
    refusedWith('form.design.propTaken', () => add(form, 'input', 'root', undefined, { prop: 'a' }));
  });

  it('adds into a sub-table and a group', () => {
    let form = add(empty(), 'dynamic', 'root', undefined, { prop: 't' }).form;
    form = add(form, 'group', 'root', undefined, { prop: 'g' }).form;
    form = add(form, 'input', 'dynamic:t', undefined, { prop: 'x' }).form;
    form = add(form, 'date', 'group:g', undefined, { prop: 'd' }).form;
    expect(columnsOf(form, 'dynamic:t').map((c) => c.prop)).toEqual(['x']);
    expect(form.group?.[0]).toMatchObject({ prop: 'g', column: [{ prop: 'd', type: 'date' }] });
    expect(form.group?.[0]).not.toHaveProperty('type');
  });

  it('moves within and between containers', () => {
    let form = add(empty(), 'input', 'root', undefined, { prop: 'a' }).form;
    form = add(form, 'input', 'root', undefined, { prop: 'b' }).form;
    form = add(form, 'dynamic', 'root', undefined, { prop: 't' }).form;
    form = move(form, { container: 'root', prop: 'b' }, 'root', 0);
    expect(form.column.map((c) => c.prop)).toEqual(['b', 'a', 't']);
    form = move(form, { container: 'root', prop: 'a' }, 'dynamic:t');
    expect(form.column.map((c) => c.prop)).toEqual(['b', 't']);
    expect(columnsOf(form, 'dynamic:t').map((c) => c.prop)).toEqual(['a']);
    form = move(form, { container: 'dynamic:t', prop: 'a' }, 'root', 0);
    expect(form.column.map((c) => c.prop)).toEqual(['a', 'b', 't']);
  });

  it('moves groups among groups', () => {
    let form = add(empty(), 'group', 'root', undefined, { prop: 'g1' }).form;
    form = add(form, 'group', 'root', undefined, { prop: 'g2' }).form;
    form = moveGroup(form, 'g2', 0);
    expect(form.group?.map((g) => g.prop)).toEqual(['g2', 'g1']);
  });

  it('removes fields and groups', () => {
    let form = add(empty(), 'input', 'root', undefined, { prop: 'a' }).form;
    form = add(form, 'group', 'root', undefined, { prop: 'g' }).form;
    form = remove(form, { container: 'root', prop: 'a' });
    form = remove(form, { container: 'root', prop: 'g' });
    expect(form).toEqual({ column: [], group: [] });
    refusedWith('form.design.notFound', () => remove(form, { container: 'root', prop: 'a' }));
  });

  it('duplicates a field right after it with a new prop', () => {
    const form = add(empty(), 'select', 'root', undefined, { prop: 'a', label: 'Shift' }).form;
    const { form: next, ref } = duplicate(form, { container: 'root', prop: 'a' }, 'b');
    expect(ref).toEqual({ container: 'root', prop: 'b' });
    expect(next.column.map((c) => [c.prop, c.label])).toEqual([
      ['a', 'Shift'],
      ['b', 'Shift'],
    ]);
    expect(next.column[1].dicData).not.toBe(next.column[0].dicData);
  });

  it('duplicates a group with fresh props for its fields', () => {
    let form = add(empty(), 'group', 'root', undefined, { prop: 'g' }).form;
    form = add(form, 'input', 'group:g', undefined, { prop: 'x' }).form;
    const next = duplicate(form, { container: 'root', prop: 'g' }, 'g2').form;
    expect(next.group?.map((g) => g.prop)).toEqual(['g', 'g2']);
    expect(next.group?.[1].column[0].prop).not.toBe('x');
  });

  it('updates a prop, keeping it unique, and answers the new ref', () => {
    let form = add(empty(), 'input', 'root', undefined, { prop: 'a' }).form;
    form = add(form, 'input', 'root', undefined, { prop: 'b' }).form;
    const { form: next, ref } = updateProps(form, { container: 'root', prop: 'a' }, 'prop', 'name');
    expect(ref.prop).toBe('name');
    expect(next.column[0].prop).toBe('name');
    refusedWith('form.design.propTaken', () => updateProps(next, ref, 'prop', 'b'));
    refusedWith('form.design.propRequired', () => updateProps(next, ref, 'prop', ' '));
  });

  it('changes the type to the new widget, keeping prop and label', () => {
    const form = add(empty(), 'input', 'root', undefined, { prop: 'a', label: 'A' }).form;
    const next = updateProps(form, { container: 'root', prop: 'a' }, 'type', 'select').form;
    expect(next.column[0]).toMatchObject({ prop: 'a', label: 'A', type: 'select', dicOption: 'static' });
  });

  it('clears, and refuses to clear an empty form', () => {
    const form = add(empty(), 'input', 'root', undefined, { prop: 'a' }).form;
    expect(clear({ ...form, labelWidth: 100 })).toEqual({ column: [], labelWidth: 100 });
    refusedWith('form.design.nothingToClear', () => clear(empty()));
  });
});

describe('nesting rules (spec §5)', () => {
  it.each(['dynamic', 'group', 'ueditor', 'map'])('refuses %s inside a sub-table', (type) => {
    expect(refusal(type, 'dynamic:t')).toBe('form.design.refusedInTable');
    const form = add(empty(), 'dynamic', 'root', undefined, { prop: 't' }).form;
    refusedWith('form.design.refusedInTable', () => add(form, type, 'dynamic:t'));
  });

  it('refuses a group inside a group but takes a sub-table', () => {
    expect(refusal('group', 'group:g')).toBe('form.design.refusedInGroup');
    expect(refusal('dynamic', 'group:g')).toBeNull();
  });

  it('refuses moving a sub-table into itself or another sub-table', () => {
    let form = add(empty(), 'dynamic', 'root', undefined, { prop: 't' }).form;
    form = add(form, 'dynamic', 'root', undefined, { prop: 'u' }).form;
    refusedWith('form.design.refusedInTable', () =>
      move(form, { container: 'root', prop: 't' }, 'dynamic:t'),
    );
    refusedWith('form.design.refusedInTable', () =>
      move(form, { container: 'root', prop: 't' }, 'dynamic:u'),
    );
  });

  it('refuses changing a sub-table column into a refused type', () => {
    let form = add(empty(), 'dynamic', 'root', undefined, { prop: 't' }).form;
    form = add(form, 'input', 'dynamic:t', undefined, { prop: 'x' }).form;
    refusedWith('form.design.refusedInTable', () =>
      updateProps(form, { container: 'dynamic:t', prop: 'x' }, 'type', 'dynamic'),
    );
  });
});

describe('property transitions (spec §4) and limits (spec §5)', () => {
  const select: Column = { prop: 's', type: 'select', filterable: true, allowCreate: true };

  it('filterable off turns allowCreate off; allowCreate on turns filterable on', () => {
    expect(applyProperty(select, 'filterable', false)).toMatchObject({
      filterable: false,
      allowCreate: false,
    });
    expect(applyProperty({ prop: 's', type: 'select' }, 'allowCreate', true)).toMatchObject({
      filterable: true,
      allowCreate: true,
    });
  });

  it('multiple on sets the default to an empty list; off removes it', () => {
    const on = applyProperty({ prop: 's', type: 'select', value: 'x' }, 'multiple', true);
    expect(on.value).toEqual([]);
    expect(applyProperty(on, 'multiple', false)).not.toHaveProperty('value');
  });

  it('upload drag on removes the list type', () => {
    const upload: Column = { prop: 'u', type: 'upload', listType: 'picture-card' };
    expect(applyProperty(upload, 'drag', true)).not.toHaveProperty('listType');
  });

  it('the watermark switch sets accept to images; off removes the canvas options', () => {
    const on = applyProperty({ prop: 'u', type: 'upload', accept: '.pdf' }, 'watermark', true);
    expect(on.accept).toBe(IMAGE_TYPES);
    expect(on.canvasOption).toMatchObject({ opacity: 100, ratio: 1 });
    expect(applyProperty(on, 'watermark', false)).not.toHaveProperty('canvasOption');
  });

  it('clamps span 8-24, width >= 100, precision 0-10, rows, slider, opacity and ratio', () => {
    const input: Column = { prop: 'a', type: 'input' };
    expect(applyProperty(input, 'span', 4).span).toBe(8);
    expect(applyProperty(input, 'span', 30).span).toBe(24);
    expect(applyProperty(input, 'width', 50, 'dynamic:t').width).toBe(100);
    const number: Column = { prop: 'n', type: 'number' };
    expect(applyProperty(number, 'precision', 11).precision).toBe(10);
    expect(applyProperty(number, 'precision', -1).precision).toBe(0);
    const textarea: Column = { prop: 't', type: 'textarea' };
    expect(applyProperty(textarea, 'minRows', 0).minRows).toBe(1);
    expect(applyProperty(textarea, 'maxRows', 1).maxRows).toBe(2);
    const slider: Column = { prop: 's', type: 'slider' };
    expect(applyProperty(slider, 'min', -5).min).toBe(0);
    expect(applyProperty(slider, 'step', 0).step).toBe(1);
    const upload = applyProperty({ prop: 'u', type: 'upload' }, 'watermark', true);
    expect(getOpacity(applyProperty(upload, 'canvasOption.opacity', 5))).toBe(10);
    expect(getOpacity(applyProperty(upload, 'canvasOption.opacity', 150))).toBe(100);
    expect((applyProperty(upload, 'canvasOption.ratio', 2).canvasOption as { ratio: number }).ratio).toBe(1);
  });

  it('clamps form settings: labelWidth 80-200, gutter 0-60', () => {
    expect(updateSettings(empty(), 'labelWidth', 40).labelWidth).toBe(80);
    expect(updateSettings(empty(), 'labelWidth', 400).labelWidth).toBe(200);
    expect(updateSettings(empty(), 'gutter', 70).gutter).toBe(60);
  });
});

function getOpacity(column: Column): number {
  return (column.canvasOption as { opacity: number }).opacity;
}

describe('history', () => {
  it('undoes and redoes; a new change drops the redo steps', () => {
    let h = start('a');
    h = push(h, 'b');
    h = push(h, 'c');
    h = undo(h);
    expect(current(h)).toBe('b');
    h = redo(h);
    expect(current(h)).toBe('c');
    h = undo(undo(h));
    expect(current(h)).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(current(undo(h))).toBe('a');
    h = push(h, 'x');
    expect(canRedo(h)).toBe(false);
    expect(h.steps).toEqual(['a', 'x']);
  });

  it('keeps at most 20 steps: the oldest goes', () => {
    let h = start(0);
    for (let i = 1; i <= 25; i++) h = push(h, i);
    expect(MAX_STEP).toBe(20);
    expect(h.steps).toHaveLength(20);
    expect(h.steps[0]).toBe(6);
    expect(current(h)).toBe(25);
    for (let i = 0; i < 30; i++) h = undo(h);
    expect(current(h)).toBe(6);
  });

  it('reads the keys: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z and Ctrl+Y redo', () => {
    const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }>) =>
      historyKey({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(key('z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
    expect(key('z', {})).toBeNull();
    expect(key('x', { ctrlKey: true })).toBeNull();
  });
});

describe('import and export', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads a form of the seed vocabulary with a sub-table and a group as it is', () => {
    const form = parseOption(SEED);
    expect(form.column.map((c) => c.prop)).toEqual(['inspector', 'shift', 'items']);
    expect(columnsOf(form, 'dynamic:items').map((c) => c.prop)).toEqual(['item', 'result']);
    expect(columnsOf(form, 'group:signoff').map((c) => c.prop)).toEqual(['supervisor']);
    expect(JSON.parse(exportOption(form))).toEqual(JSON.parse(SEED));
    // and every command works on it
    const moved = move(form, { container: 'group:signoff', prop: 'supervisor' }, 'dynamic:items', 0);
    expect(columnsOf(moved, 'dynamic:items')[0].prop).toBe('supervisor');
  });

  it.each(['{column:', '[1,2]', '"text"', '{"column": 3}', 'null'])(
    'an illegal config %s logs and is empty',
    (text) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(parseOption(text)).toEqual({ column: [] });
      expect(error).toHaveBeenCalledWith(ILLEGAL_CONFIG, expect.anything());
    },
  );

  it('leaves an empty group list out of the generated JSON', () => {
    expect(JSON.parse(exportOption({ column: [], group: [] }))).toEqual({ column: [] });
  });
});

describe('validation messages (spec §5)', () => {
  it('says X必须填写, 请选择X, 请输入X and X格式不匹配', () => {
    expect(validateValue({ prop: 'a', label: '姓名', required: true }, '')).toBe('姓名必须填写');
    expect(validateValue({ prop: 'a', label: '班次', type: 'select', required: true }, undefined)).toBe(
      '请选择班次',
    );
    expect(validateValue({ prop: 'a', label: '期间', type: 'daterange', required: true }, [])).toBe(
      '请输入期间',
    );
    expect(validateValue({ prop: 'a', label: '位号', pattern: '^[A-Z]-\\d+$' }, 'p1')).toBe('位号格式不匹配');
    expect(validateValue({ prop: 'a', label: '位号', pattern: '/^[a-z]+$/i' }, 'ABC')).toBeNull();
    expect(validateValue({ prop: 'a', label: '位号', required: true }, 'x')).toBeNull();
  });

  it('checks options (label and value, value重复) and parameters (参数[name]不能为空)', () => {
    expect(
      checkOptions([
        { label: 'A', value: '1' },
        { label: 'B', value: '1' },
      ]),
    ).toBe('value重复');
    expect(checkOptions([{ label: '', value: '1' }])).toBe('请填写label和value');
    expect(checkOptions([{ label: 'A', value: '1' }])).toBeNull();
    expect(checkParams([{ key: 'plant', value: '' }])).toBe('参数[plant]不能为空');
    expect(checkParams([{ key: 'plant', value: 'A' }])).toBeNull();
  });

  it('every registered widget and each of its properties has a label in both languages', async () => {
    const { i18n } = await import('#src/i18n');
    for (const lng of ['zh', 'en']) {
      for (const group of PALETTE_GROUPS)
        expect(i18n.t(`form.design.g_${group}`, { lng })).not.toContain('.');
      for (const widget of Object.values(REGISTRY)) {
        expect(i18n.t(`form.design.w_${widget.type}`, { lng })).not.toContain('form.design');
        for (const p of widget.properties) {
          const key = `form.design.p_${p.key.replace(/\./g, '_')}`;
          expect(i18n.exists(key, { lng }), `${lng} ${key}`).toBe(true);
        }
      }
    }
  });

  it('checks the advanced widgets: a coordinate, a slider range, an upload file (spec §3, §5)', () => {
    const map: Column = { prop: 'at', label: '位置', type: 'map', required: true };
    expect(validateValue(map, undefined)).toBe('请输入位置');
    expect(validateValue(map, [120.1, 30.2, '杭州'])).toBeNull();
    expect(validateValue(map, [190, 30])).toBe('位置格式不匹配');
    expect(validateValue(map, [120, -91])).toBe('位置格式不匹配');
    const slider: Column = { prop: 'load', label: '负荷', type: 'slider', min: 10, max: 90 };
    expect(validateValue(slider, 50)).toBeNull();
    expect(validateValue(slider, [20, 95])).toBe('负荷格式不匹配');
    const upload: Column = {
      prop: 'photo',
      label: '照片',
      type: 'upload',
      limit: 2,
      fileSize: 1024,
      accept: IMAGE_TYPES,
    };
    const png = { name: 'a.png', size: 100, type: 'image/png' };
    expect(uploadRefusal(upload, png, 0)).toBeNull();
    expect(uploadRefusal(upload, png, 2)).toBe('最多上传2个文件');
    expect(uploadRefusal(upload, { ...png, size: 4096 }, 0)).toBe('文件大小不能超过1KB');
    expect(uploadRefusal(upload, { name: 'a.exe', size: 10, type: 'application/x-msdownload' }, 0)).toContain(
      '文件类型不正确',
    );
    expect(uploadRefusal({ ...upload, accept: '.pdf, image/*' }, { name: 'R.PDF', size: 10 }, 0)).toBeNull();
  });

  it('adds each advanced widget from the palette with its defaults and clamps its limits', () => {
    let form = empty();
    for (const widget of paletteOf('advanced')) form = add(form, widget.type, 'root').form;
    expect(form.column.map((c) => c.type)).toEqual(['upload', 'slider', 'rate', 'switch', 'ueditor', 'map']);
    expect(form.column[0]).toMatchObject({ action: '/common/upload1', dataType: 'array' });
    const slider = form.column[1];
    expect(applyProperty(slider, 'min', -5).min).toBe(0);
    expect(applyProperty(slider, 'step', 0).step).toBe(1);
    expect(applyProperty(form.column[2], 'max', 20).max).toBe(10);
    refusedWith('form.design.refusedInTable', () => {
      const table = add(empty(), 'dynamic', 'root', undefined, { prop: 't' }).form;
      add(table, 'ueditor', 'dynamic:t');
    });
  });
});

describe('designer store', () => {
  it('records one step per command and undoes each', async () => {
    const { createDesignerStore } = await import('./store');
    const d = createDesignerStore();
    expect(d.add('input', 'root', undefined, 'Name').ok).toBe(true);
    const ref = d.store.getState().selected;
    expect(ref?.container).toBe('root');
    if (!ref) throw new Error('no selection');
    d.duplicate(ref);
    expect(d.form().column).toHaveLength(2);
    d.undo();
    expect(d.form().column).toHaveLength(1);
    d.redo();
    expect(d.form().column).toHaveLength(2);
    expect(d.clear().ok).toBe(true);
    expect(d.clear()).toEqual({ ok: false, key: 'form.design.nothingToClear' });
    d.undo();
    expect(d.form().column).toHaveLength(2);
  });

  it('keeps typing in one property as one step', async () => {
    const { createDesignerStore } = await import('./store');
    const d = createDesignerStore();
    d.add('input', 'root');
    const ref = d.store.getState().selected as NonNullable<ReturnType<typeof d.store.getState>['selected']>;
    d.update(ref, 'label', 'N');
    d.update(ref, 'label', 'Na');
    d.update(ref, 'label', 'Name');
    expect(d.store.getState().history.steps).toHaveLength(3);
    d.undo();
    expect(d.form().column[0].label).toBe('单行文本');
  });

  it('an undo that takes the selected field away takes the selection too', async () => {
    const { createDesignerStore } = await import('./store');
    const designer = createDesignerStore();
    designer.add('input', 'root', undefined, 'A');
    designer.add('input', 'root', undefined, 'B');
    const b = designer.store.getState().selected;
    expect(b && designer.form().column.find((c) => c.prop === b.prop)?.label).toBe('B');
    designer.undo();
    expect(designer.store.getState().selected).toBeNull();
    designer.redo();
    expect(designer.store.getState().selected).toBeNull();
    const a = { container: 'root' as const, prop: designer.form().column[0].prop };
    designer.select(a);
    designer.undo();
    expect(designer.store.getState().selected).toEqual(a);
  });

  it('answers a refusal without changing the form', async () => {
    const { createDesignerStore } = await import('./store');
    const d = createDesignerStore();
    d.add('dynamic', 'root');
    const table = d.form().column[0].prop;
    expect(d.add('dynamic', `dynamic:${table}`)).toEqual({ ok: false, key: 'form.design.refusedInTable' });
    expect(d.store.getState().history.steps).toHaveLength(2);
  });

  it('an imported illegal config is an empty form, one undo step', async () => {
    const { createDesignerStore } = await import('./store');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const d = createDesignerStore(parseOption(SEED));
    d.importJson('{broken');
    expect(d.form()).toEqual({ column: [] });
    expect(error).toHaveBeenCalledWith(ILLEGAL_CONFIG, expect.anything());
    d.undo();
    expect(d.form().column).toHaveLength(3);
    error.mockRestore();
  });
});
