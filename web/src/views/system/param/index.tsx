import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Param, paramApi } from '#src/api/systemAdmin';
import { type CrudFieldProps, type CrudOption, CrudPage } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import { PasswordModeEditor, parsePasswordMode } from './PasswordModeEditor';

/** Spec §3: the only keys a parameter may have, plus the log retention job's (docs/decisions.md). */
export const PARAM_KEYS = [
  'account.initPassword',
  'account.failCount',
  'account.lockTime',
  'account.TokenTimeOut',
  'account.TokenRefreshTime',
  'license.residue',
  'account.PasswordMode',
  'account.PasswordPeriod',
  'tenant.default.accountNumber',
  'tenant.default.password',
  'tenant.default.menuCode',
  'log.retentionDays',
] as const;

/**
 * Spec §5: non-negative integers. The backend also holds the token times to it (docs/decisions.md
 * "Parameters"), with the same message, so the form checks them too.
 */
export const NON_NEGATIVE_KEYS = new Set([
  'account.failCount',
  'account.lockTime',
  'license.residue',
  'account.PasswordPeriod',
  'tenant.default.accountNumber',
  'account.TokenTimeOut',
  'account.TokenRefreshTime',
  'log.retentionDays',
]);

const PASSWORD_MODE = 'account.PasswordMode';
const keyLabel = (key: string) => `system.param.keys.${key.replaceAll('.', '_')}`;

/** The key: a select of the spec's keys (disabled on edit by `editDisabled`). */
function ParamKeySelect({ id, value, onChange, disabled }: CrudFieldProps<Param>) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled}
      value={value as string | undefined}
      placeholder={t('crud.selectPlaceholder', { label: t('system.param.paramKey') })}
      onChange={(key) => onChange?.(key)}
      options={PARAM_KEYS.map((key) => ({ value: key, label: `${key}（${t(keyLabel(key))}）` }))}
    />
  );
}

/** The value: a plain input, or the PasswordMode editor when the key is account.PasswordMode. */
function ParamValueField({ id, value, onChange, disabled, form }: CrudFieldProps<Param>) {
  const { t } = useTranslation();
  const key = Form.useWatch('paramKey', form);
  if (key === PASSWORD_MODE) {
    return <PasswordModeEditor value={value as string | undefined} onChange={onChange} disabled={disabled} />;
  }
  return (
    <Input
      id={id}
      disabled={disabled}
      value={value as string | undefined}
      placeholder={t('crud.inputPlaceholder', { label: t('system.param.paramValue') })}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

const option: CrudOption<Param> = {
  name: 'param',
  permissions: { add: 'param_add', edit: 'param_edit', view: 'param_view', delete: 'param_delete' },
  dialogWidth: 640,
  columns: [
    {
      prop: 'paramName',
      label: 'system.param.paramName',
      search: true,
      span: 24,
      rules: [
        { required: true, whitespace: true, message: 'system.param.nameRequired' },
        { min: 1, max: 20, message: 'system.param.nameLength' },
      ],
    },
    {
      prop: 'paramKey',
      label: 'system.param.paramKey',
      search: true,
      span: 24,
      editDisabled: true,
      formComponent: ParamKeySelect,
      rules: [{ required: true, message: 'system.param.keyRequired' }],
    },
    {
      prop: 'paramValue',
      label: 'system.param.paramValue',
      search: true,
      span: 24,
      width: 260,
      overHidden: true,
      formComponent: ParamValueField,
      rules: [
        { required: true, whitespace: true, message: 'system.param.valueRequired' },
        ({ getFieldValue }) => ({
          validator: async (_, value) => {
            const key = getFieldValue('paramKey');
            if (value && NON_NEGATIVE_KEYS.has(key) && !/^\d+$/.test(String(value).trim()))
              throw new Error(i18n.t('system.param.nonNegative'));
            if (value && key === PASSWORD_MODE && parsePasswordMode(value).type === 'safety') {
              if (!parsePasswordMode(value).content.length)
                throw new Error(i18n.t('system.param.mode.contentRequired'));
            }
          },
        }),
      ],
    },
    { prop: 'remark', label: 'system.param.remark', type: 'textarea', span: 24, width: 280 },
  ],
};

/** 参数管理 (/system/param): the spec's keys, integer values checked, PasswordMode packed by an editor. */
export default function ParamPage() {
  return <CrudPage option={option} api={paramApi} />;
}
