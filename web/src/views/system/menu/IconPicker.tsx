import { AppstoreOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrudFieldProps } from '#src/components/CrudPage';
import { MENU_ICONS } from '#src/layout/menuIconSet';
import { filterIconNames } from './iconSearch';
import './menu.css';

export type IconPickerProps = Pick<CrudFieldProps, 'id' | 'value' | 'onChange' | 'disabled'>;

/**
 * The `source` field of menus and top menus: an antd icon name from the sidebar's icon set, picked from
 * a searchable grid (this file and the set load with the dialog, not with the list).
 */
export default function IconPicker({ id, value, onChange, disabled }: IconPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const names = useMemo(() => filterIconNames(Object.keys(MENU_ICONS), search), [search]);
  const current = typeof value === 'string' ? value : '';
  const Current = MENU_ICONS[current] ?? AppstoreOutlined;
  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={current}
          disabled={disabled}
          prefix={<Current />}
          allowClear
          onChange={(e) => onChange?.(e.target.value)}
        />
        {!disabled && (
          <Button onClick={() => setOpen(true)} data-testid="icon-pick">
            {t('system.menu.iconPick')}
          </Button>
        )}
      </Space.Compact>
      <Modal
        open={open}
        title={t('system.menu.iconPick')}
        width={720}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Space style={{ width: '100%', marginBottom: 12 }}>
          <Input.Search
            autoFocus
            allowClear
            placeholder={t('system.menu.iconSearch')}
            aria-label={t('system.menu.iconSearch')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button icon={<CloseCircleOutlined />} onClick={() => pick('')}>
            {t('system.menu.iconClear')}
          </Button>
        </Space>
        {names.length ? (
          <div className="pd-icon-grid" role="listbox" aria-label={t('system.menu.iconPick')}>
            {names.map((name) => {
              const Icon = MENU_ICONS[name];
              return (
                <Tooltip key={name} title={name}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={name === current}
                    aria-label={name}
                    className={name === current ? 'pd-icon-cell pd-icon-cell-active' : 'pd-icon-cell'}
                    onClick={() => pick(name)}
                  >
                    <Icon />
                  </button>
                </Tooltip>
              );
            })}
          </div>
        ) : (
          <Empty description={t('system.menu.iconNone')} />
        )}
      </Modal>
    </>
  );
}
