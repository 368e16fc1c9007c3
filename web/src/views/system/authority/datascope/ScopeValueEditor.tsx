import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrudFieldProps } from '#src/components/CrudPage';
import { joinScopeValue, SCOPE_VARIABLES, splitScopeValue, variableToken } from './scopeValue';

export const CUSTOM = '5';

/**
 * The rule value of a custom (type 5) data scope: literals typed as tags and the five typed variables
 * offered as options; stored comma-joined. Disabled for the other types, which take no value.
 */
export function ScopeValueEditor({
  id,
  value,
  onChange,
  disabled,
  form,
}: Pick<CrudFieldProps, 'id' | 'value' | 'onChange' | 'disabled' | 'form'>) {
  const { t } = useTranslation();
  const type = Form.useWatch('scopeType', form);
  const custom = String(type ?? '') === CUSTOM;
  return (
    <Select
      id={id}
      mode="tags"
      allowClear
      disabled={disabled || !custom}
      tokenSeparators={[',']}
      placeholder={t('authority.datascope.valuePlaceholder')}
      value={splitScopeValue(value)}
      onChange={(items: string[]) => onChange?.(joinScopeValue(items))}
      options={SCOPE_VARIABLES.map((name) => ({
        value: variableToken(name),
        label: `${variableToken(name)} ${t(`authority.datascope.var_${name}`)}`,
      }))}
    />
  );
}
