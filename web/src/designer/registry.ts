import { i18n } from '#src/i18n';
import { HOOK_EVENTS } from './hooks';
import type { Column, Container } from './types';

/**
 * The widget registry: the one place a field type is described. The palette lists it by group, `create` gives
 * a new field its default props, `properties` drive the config panel (and the limits `updateProps` clamps to),
 * `refusedIn` are the nesting rules, and the runtime renderer (runtime/) draws it by `type`.
 */

/** The spec's four groups (§2), then `advanced`: upload, slider, rate, switch, rich text and map (spec §3). */
export type PaletteGroup = 'layout' | 'input' | 'select' | 'datetime' | 'advanced';
export const PALETTE_GROUPS: PaletteGroup[] = ['layout', 'input', 'select', 'datetime', 'advanced'];

export type PropertyKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select'
  | 'options'
  | 'remote'
  | 'params'
  | 'color'
  | 'events';

/** One property of the config panel; `key` may be a path (`children.align`, `canvasOption.opacity`). */
export interface Property {
  key: string;
  kind: PropertyKind;
  section: 'basic' | 'field' | 'events';
  min?: number;
  max?: number;
  step?: number;
  /** Choices of a `select`: values (their labels are i18n keys `form.design.o_<value>`, else shown as is). */
  choices?: (string | number)[];
  /** Shown only when this holds (e.g. `width` only for a sub-table's column). */
  when?: (column: Column, container: Container) => boolean;
}

export interface Widget {
  type: string;
  palette: PaletteGroup;
  icon: string;
  create: () => Omit<Column, 'prop'>;
  properties: Property[];
  /** Containers it may not be dropped into: `dynamic` (a sub-table), `group`. */
  refusedIn?: ('dynamic' | 'group')[];
  /** What a required field's message says (spec §5): 请选择X for choices, 请输入X for lists, else X必须填写. */
  requiredAs?: 'select' | 'array';
  isContainer?: boolean;
}

const inSubTable = (_c: Column, container: Container) => container.startsWith('dynamic:');
const notInSubTable = (c: Column, container: Container) => !inSubTable(c, container);
const remote = (c: Column) => c.dicOption === 'remote';
const local = (c: Column) => c.dicOption !== 'remote';
const watermarked = (c: Column) => c.canvasOption !== undefined;

const PLACEMENTS = ['top', 'bottom', 'left', 'right'];
const SIZES = ['medium', 'small', 'mini'];

/** The basic section every field shares (spec §2 config panel). */
const BASIC: Property[] = [
  { key: 'type', kind: 'select', section: 'basic' },
  { key: 'prop', kind: 'text', section: 'basic' },
  { key: 'label', kind: 'text', section: 'basic' },
  { key: 'width', kind: 'number', section: 'basic', min: 100, step: 10, when: inSubTable },
  { key: 'span', kind: 'number', section: 'basic', min: 8, max: 24, step: 1, when: notInSubTable },
  { key: 'dataType', kind: 'select', section: 'basic', choices: ['string', 'number', 'array'] },
  { key: 'tip', kind: 'text', section: 'basic' },
  { key: 'tipPlacement', kind: 'select', section: 'basic', choices: PLACEMENTS },
  { key: 'labelTip', kind: 'text', section: 'basic' },
  { key: 'labelTipPlacement', kind: 'select', section: 'basic', choices: PLACEMENTS },
  { key: 'value', kind: 'text', section: 'basic' },
];

const field = (...keys: (Property | string)[]): Property[] =>
  keys.map((k) =>
    typeof k === 'string' ? { key: k, kind: 'switch' as const, section: 'field' as const } : k,
  );
const text = (key: string, when?: Property['when']): Property => ({
  key,
  kind: 'text',
  section: 'field',
  when,
});
const num = (key: string, min?: number, max?: number, step = 1, when?: Property['when']): Property => ({
  key,
  kind: 'number',
  section: 'field',
  min,
  max,
  step,
  when,
});
const choice = (key: string, choices: string[], when?: Property['when']): Property => ({
  key,
  kind: 'select',
  section: 'field',
  choices,
  when,
});

const STATE = ['display', 'disabled', 'readonly', 'required'];
const EVENTS: Property[] = HOOK_EVENTS.map((key) => ({ key, kind: 'events', section: 'events' }));
const DICT: Property[] = [
  choice('dicOption', ['static', 'remote']),
  { key: 'dicData', kind: 'options', section: 'field', when: local },
  { key: 'hookId', kind: 'remote', section: 'field', when: remote },
  { key: 'dicQueryConfig', kind: 'params', section: 'field', when: remote },
  text('props.label', remote),
  text('props.value', remote),
];
const DATE: Property[] = [
  text('placeholder'),
  ...field(...STATE, 'clearable'),
  text('format'),
  text('valueFormat'),
  choice('size', SIZES),
];
const RANGE: Property[] = [
  text('startPlaceholder'),
  text('endPlaceholder'),
  ...field(...STATE, 'clearable', 'unlinkPanels'),
  text('format'),
  text('valueFormat'),
  choice('size', SIZES),
];

function entry(
  type: string,
  palette: PaletteGroup,
  icon: string,
  defaults: Omit<Column, 'prop'> | (() => Omit<Column, 'prop'>),
  properties: Property[],
  extra: Partial<Widget> = {},
): Widget {
  const basic = extra.isContainer
    ? BASIC.filter((p) => ['type', 'prop', 'label', 'span'].includes(p.key))
    : BASIC;
  return {
    type,
    palette,
    icon,
    create: () =>
      structuredClone({ type, span: 24, ...(typeof defaults === 'function' ? defaults() : defaults) }),
    properties: [...basic, ...properties, ...(extra.isContainer ? [] : EVENTS)],
    ...extra,
  };
}

/** A new choice field's three options, labelled in the console's language. */
const OPTIONS = (): { label: string; value: string }[] =>
  ['0', '1', '2'].map((value, i) => ({ label: i18n.t('form.design.option', { n: i + 1 }), value }));

const WIDGETS: Widget[] = [
  // layout
  entry(
    'dynamic',
    'layout',
    'TableOutlined',
    {
      label: '子表单',
      children: {
        align: 'center',
        headerAlign: 'center',
        type: 'table',
        index: false,
        addBtn: true,
        delBtn: true,
        column: [],
      },
    },
    [
      choice('children.type', ['table', 'form']),
      choice('children.align', ['left', 'center', 'right']),
      choice('children.headerAlign', ['left', 'center', 'right']),
      ...field('children.index', 'children.addBtn', 'children.delBtn', 'display', 'disabled', 'required'),
    ],
    { refusedIn: ['dynamic'], isContainer: true, requiredAs: 'array' },
  ),
  entry(
    'title',
    'layout',
    'FontSizeOutlined',
    { label: '标题', styles: { fontSize: '18px', color: '#303133' } },
    [text('styles.fontSize'), { key: 'styles.color', kind: 'color', section: 'field' }, ...field('display')],
    { refusedIn: ['dynamic'] },
  ),
  entry(
    'group',
    'layout',
    'GroupOutlined',
    { label: '分组', icon: 'el-icon-info', arrow: true, collapse: true },
    [...field('arrow', 'collapse', 'display'), text('icon')],
    { refusedIn: ['dynamic', 'group'], isContainer: true },
  ),
  // input
  entry('input', 'input', 'EditOutlined', { label: '单行文本' }, [
    text('placeholder'),
    ...field(...STATE),
    text('pattern'),
    num('maxlength', 0),
    ...field('showWordLimit', 'showPassword', 'clearable'),
    text('prepend'),
    text('append'),
    choice('size', SIZES),
  ]),
  entry('textarea', 'input', 'AlignLeftOutlined', { label: '多行文本', minRows: 2, maxRows: 4 }, [
    text('placeholder'),
    ...field(...STATE),
    text('pattern'),
    num('maxlength', 0),
    ...field('showWordLimit'),
    num('minRows', 1),
    num('maxRows', 2),
  ]),
  entry('number', 'input', 'NumberOutlined', { label: '计数器', controls: true, dataType: 'number' }, [
    text('placeholder'),
    ...field(...STATE),
    num('min'),
    num('max'),
    num('step', 0),
    num('precision', 0, 10),
    text('mathExpress'),
    ...field('controls'),
    choice('controlsPosition', ['', 'right']),
    choice('size', SIZES),
  ]),
  // select
  entry(
    'radio',
    'select',
    'CheckCircleOutlined',
    () => ({ label: '单选框组', dicData: OPTIONS(), dicOption: 'static' }),
    [...field(...STATE), ...DICT, choice('size', SIZES)],
    { requiredAs: 'select' },
  ),
  entry(
    'checkbox',
    'select',
    'CheckSquareOutlined',
    () => ({ label: '多选框组', dicData: OPTIONS(), dicOption: 'static', value: [] }),
    [...field(...STATE), ...DICT, choice('size', SIZES)],
    { requiredAs: 'select' },
  ),
  entry(
    'select',
    'select',
    'DownSquareOutlined',
    () => ({ label: '下拉选择', dicData: OPTIONS(), dicOption: 'static' }),
    [
      text('placeholder'),
      ...field(...STATE, 'multiple', 'clearable', 'filterable', 'allowCreate'),
      ...DICT,
      choice('size', SIZES),
    ],
    { requiredAs: 'select' },
  ),
  // date-time
  entry(
    'date',
    'datetime',
    'CalendarOutlined',
    { label: '日期', format: 'YYYY-MM-DD', valueFormat: 'YYYY-MM-DD' },
    DATE,
  ),
  entry(
    'time',
    'datetime',
    'ClockCircleOutlined',
    { label: '时间', format: 'HH:mm:ss', valueFormat: 'HH:mm:ss' },
    DATE,
  ),
  entry(
    'datetime',
    'datetime',
    'FieldTimeOutlined',
    { label: '日期时间', format: 'YYYY-MM-DD HH:mm:ss', valueFormat: 'YYYY-MM-DD HH:mm:ss' },
    DATE,
  ),
  entry(
    'daterange',
    'datetime',
    'CalendarOutlined',
    {
      label: '日期范围',
      format: 'YYYY-MM-DD',
      valueFormat: 'YYYY-MM-DD',
      startPlaceholder: '开始日期',
      endPlaceholder: '结束日期',
    },
    RANGE,
    { requiredAs: 'array' },
  ),
  entry(
    'timerange',
    'datetime',
    'ClockCircleOutlined',
    {
      label: '时间范围',
      format: 'HH:mm:ss',
      valueFormat: 'HH:mm:ss',
      startPlaceholder: '开始时间',
      endPlaceholder: '结束时间',
    },
    RANGE,
    { requiredAs: 'array' },
  ),
  // advanced (spec §3 field config: upload, rate, slider, rich text, map; the switch)
  entry(
    'upload',
    'advanced',
    'UploadOutlined',
    { label: '上传', action: '/common/upload1', listType: 'text', limit: 5, dataType: 'array' },
    [
      ...field(...STATE),
      text('action'),
      text('accept'),
      ...field('drag'),
      choice('listType', ['text', 'picture-card', 'picture-img', 'picture'], (c) => !c.drag),
      num('fileSize', 0),
      num('limit', 0),
      text('tip'),
      text('loadText'),
      text('propsHttp.url'),
      text('propsHttp.name'),
      text('propsHttp.res'),
      text('propsHttp.fileName'),
      ...field('watermark'),
      text('canvasOption.text', watermarked),
      text('canvasOption.fontFamily', watermarked),
      { key: 'canvasOption.color', kind: 'color', section: 'field', when: watermarked },
      num('canvasOption.fontSize', 1, undefined, 1, watermarked),
      num('canvasOption.opacity', 10, 100, 10, watermarked),
      num('canvasOption.bottom', 0, undefined, 1, watermarked),
      num('canvasOption.right', 0, undefined, 1, watermarked),
      num('canvasOption.ratio', 0, 1, 0.1, watermarked),
    ],
    { requiredAs: 'array' },
  ),
  entry(
    'slider',
    'advanced',
    'SlidersOutlined',
    { label: '滑块', min: 0, max: 100, step: 1, dataType: 'number' },
    [
      ...field(...STATE),
      num('min', 0),
      num('max', 1),
      num('step', 1),
      ...field('showStops', 'showInput', 'range'),
    ],
  ),
  entry('rate', 'advanced', 'StarOutlined', { label: '评分', max: 5, dataType: 'number' }, [
    ...field(...STATE),
    num('max', 1, 10),
    ...field('showText'),
    text('texts'),
    text('colors'),
  ]),
  entry('switch', 'advanced', 'SwapOutlined', { label: '开关', value: false }, [
    ...field(...STATE),
    text('activeText'),
    text('inactiveText'),
  ]),
  entry(
    'ueditor',
    'advanced',
    'FileTextOutlined',
    { label: '富文本', minRows: 6 },
    [text('placeholder'), ...field(...STATE), num('maxlength', 0), num('minRows', 2, 30)],
    { refusedIn: ['dynamic'] },
  ),
  entry(
    'map',
    'advanced',
    'EnvironmentOutlined',
    { label: '坐标选择', dataType: 'array' },
    [text('placeholder'), ...field(...STATE), num('precision', 0, 10)],
    { refusedIn: ['dynamic'], requiredAs: 'array' },
  ),
];

export const REGISTRY: Record<string, Widget> = Object.fromEntries(WIDGETS.map((w) => [w.type, w]));

/** The widget of a column; a type this console does not know is treated as a single-line text (kept as is). */
export function widgetOf(type: string | undefined): Widget {
  return REGISTRY[type ?? 'input'] ?? REGISTRY.input;
}

export function paletteOf(group: PaletteGroup): Widget[] {
  return WIDGETS.filter((w) => w.palette === group);
}

/** Properties of `column` the config panel shows where it sits. */
export function propertiesOf(column: Column, container: Container): Property[] {
  return widgetOf(column.type).properties.filter((p) => !p.when || p.when(column, container));
}
