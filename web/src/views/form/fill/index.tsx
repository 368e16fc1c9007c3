import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Form, List, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPublished, formKeys, type PublishedForm, submitLog } from '#src/api/formAdmin';
import { crudKeys } from '#src/api/queryKeys';
import { toast } from '#src/app/feedback';
import { parseOption } from '#src/designer/io';
import { FormRenderer } from '#src/designer/runtime/FormRenderer';

const L = (key: string) => `form.fill.${key}`;

/**
 * 表单填报 (/form/fill): the published forms (their latest version) on the left; the chosen one is filled in
 * with the designer's runtime renderer and its submission goes to the form log.
 */
export default function FormFillPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const forms = useQuery({ queryKey: formKeys.of('published'), queryFn: () => fetchPublished() });
  const [chosen, setChosen] = useState<PublishedForm | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A new round after each submission: the renderer starts again from the defaults (and its hooks' state).
  const [round, setRound] = useState(0);
  const [form] = Form.useForm();
  const option = useMemo(() => parseOption(chosen?.content), [chosen]);

  const submit = async (values: Record<string, unknown>) => {
    if (!chosen) return;
    setSubmitting(true);
    try {
      await submitLog(chosen.detailId, values);
      toast.success(t(L('submitted')));
      setRound((r) => r + 1);
      void queryClient.invalidateQueries({ queryKey: crudKeys.list('form-log') });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div style={{ display: 'grid', gridTemplateColumns: '260px minmax(0, 1fr)', gap: 12 }}>
      <Card size="small" title={t(L('forms'))}>
        <List
          size="small"
          loading={forms.isLoading}
          dataSource={forms.data ?? []}
          locale={{ emptyText: t(L('none')) }}
          renderItem={(item) => (
            <List.Item
              onClick={() => setChosen(item)}
              style={{
                cursor: 'pointer',
                background: chosen?.detailId === item.detailId ? 'var(--ant-color-primary-bg)' : undefined,
              }}
              data-fill-form={item.name}
            >
              <span>{item.name}</span>
              <Tag>v{item.version}</Tag>
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={chosen ? `${chosen.name} (v${chosen.version})` : t(L('choose'))}>
        {chosen ? (
          <FormRenderer
            key={`${chosen.detailId}:${round}`}
            option={option}
            form={form}
            onSubmit={submit}
            submitting={submitting}
          />
        ) : (
          <Empty description={t(L('choose'))} />
        )}
      </Card>
    </div>
  );
}
