import { ImportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CodeConfig, datasourceKeys, fetchTables, suggestColumns } from '#src/api/tool';
import { toast } from '#src/app/feedback';
import type { CrudFieldProps } from '#src/components/CrudPage';

/** The table of the picked data source, and a button that reads its column model into the form. */
export function TableField({ value, onChange, disabled, id, form }: CrudFieldProps<CodeConfig>) {
  const { t } = useTranslation();
  const source = Form.useWatch('datasourceId', form) as string | undefined;
  const tables = useQuery({
    queryKey: datasourceKeys.tables(source ?? ''),
    queryFn: () => fetchTables(source ?? ''),
    enabled: !!source,
  });
  const read = async () => {
    if (!source || !value) return;
    const columns = await suggestColumns(source, String(value));
    form.setFieldValue('columns', columns);
    if (!form.getFieldValue('targetTable')) form.setFieldValue('targetTable', String(value).toLowerCase());
    toast.success(t('tool.code.readColumnsDone', { count: columns.length }));
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        id={id}
        showSearch
        style={{ width: '100%' }}
        value={value as string | undefined}
        disabled={disabled}
        loading={tables.isFetching}
        onChange={(v) => onChange?.(v)}
        options={(tables.data ?? []).map((name) => ({ label: name, value: name }))}
      />
      {!disabled && (
        <Button icon={<ImportOutlined />} disabled={!source || !value} onClick={read}>
          {t('tool.code.readColumns')}
        </Button>
      )}
    </Space.Compact>
  );
}
