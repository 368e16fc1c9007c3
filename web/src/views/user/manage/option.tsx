import {
  DownloadOutlined,
  KeyOutlined,
  LockOutlined,
  SettingOutlined,
  TeamOutlined,
  UnlockOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { tenantSelectQuery } from '#src/api/org';
import { lockUsers, resetPassword, type User, unlockUsers } from '#src/api/userAdmin';
import { lazyChunk } from '#src/app/registry';
import { PASSWORD_MAX, PASSWORD_MIN, PHONE_LENGTH } from '#src/app/validators';
import type { CrudColumn, CrudOption, DicItem } from '#src/components/CrudPage';
import { i18n } from '#src/i18n';
import TenantField from './TenantField';

const OrgField = lazyChunk(() => import('./OrgField'));

/** Account status (backend: 0 pending registration, 1 normal, 2 locked). */
export const USER_STATUS: DicItem[] = [
  { label: 'system.user.statusPending', value: 0 },
  { label: 'system.user.statusNormal', value: 1 },
  { label: 'system.user.statusLocked', value: 2 },
];

const PHONE = /^1[3-9]\d{9}$/;
const CHINESE = /[\u4e00-\u9fa5]/;

/** Spec §5 phone: 11 digits (length and format messages); optional in the user form. */
export const phoneRules: Rule[] = [
  {
    validator: async (_, value?: string) => {
      if (!value) return;
      if (value.length !== PHONE_LENGTH) throw new Error(i18n.t('validation.phoneLength'));
      if (!PHONE.test(value)) throw new Error(i18n.t('validation.phoneFormat'));
    },
  },
];

/** Spec §5 password of a new user: required, 6-20, no whitespace, no Chinese. */
export const newPasswordRules: Rule[] = [
  { required: true, message: 'system.user.passwordRequired' },
  { min: PASSWORD_MIN, max: PASSWORD_MAX, message: 'validation.passwordLength' },
  {
    validator: async (_, value?: string) => {
      if (value && /\s/.test(value)) throw new Error(i18n.t('validation.passwordWhitespace'));
      if (value && CHINESE.test(value)) throw new Error(i18n.t('validation.passwordChinese'));
    },
  },
];

/** The confirmation: required, no whitespace, equal to `password`. */
export const confirmPasswordRules: Rule[] = [
  { required: true, message: 'validation.confirmRequired' },
  ({ getFieldValue }) => ({
    validator: async (_, value?: string) => {
      if (value && /\s/.test(value)) throw new Error(i18n.t('validation.passwordWhitespace'));
      if (value && value !== getFieldValue('password'))
        throw new Error(i18n.t('validation.passwordMismatch'));
    },
  }),
];

export interface UserActions {
  grant(users: User[]): void;
  platform(user: User): void;
  importUsers(): void;
  exportUsers(): Promise<void>;
  /** Confirm with the message `key`, run, toast the result, refresh. */
  ask(key: string, run: () => Promise<string | undefined>, refresh: () => Promise<void>): Promise<void>;
}

export interface UserOptionArgs {
  platform: boolean;
  /** Tenant whose users are shown when it is not the caller's own (platform administrator). */
  acting?: string;
  /** Default tenant of the add dialog. */
  defaultTenant: string;
  actions: UserActions;
}

const idsOf = (users: User[]) => users.map((u) => String(u.id));

/** The user screen's column model, toolbar and row actions. */
export function userOption({ platform, acting, defaultTenant, actions }: UserOptionArgs): CrudOption<User> {
  const columns: CrudColumn<User>[] = [
    {
      prop: 'tenantId',
      label: 'system.user.tenantId',
      dicQuery: tenantSelectQuery,
      props: { label: 'tenantName', value: 'tenantId' },
      hide: !platform,
      display: platform,
      value: defaultTenant,
      editDisabled: true,
      required: true,
      formComponent: TenantField,
      width: 140,
    },
    {
      prop: 'account',
      label: 'system.user.account',
      search: true,
      sortable: true,
      required: true,
      rules: [{ max: 45 }, { whitespace: true, message: 'system.user.accountRequired' }],
      width: 140,
    },
    {
      prop: 'password',
      label: 'system.user.password',
      type: 'password',
      hide: true,
      editDisplay: false,
      viewDisplay: false,
      rules: newPasswordRules,
    },
    {
      prop: 'password2',
      label: 'system.user.password2',
      type: 'password',
      hide: true,
      editDisplay: false,
      viewDisplay: false,
      rules: confirmPasswordRules,
    },
    {
      prop: 'realName',
      label: 'system.user.realName',
      search: true,
      sortable: true,
      required: true,
      rules: [{ max: 40 }],
      width: 120,
    },
    { prop: 'name', label: 'system.user.name', hide: true, rules: [{ max: 20 }] },
    {
      prop: 'phone',
      label: 'system.user.phone',
      search: true,
      hide: true,
      rules: phoneRules,
    },
    {
      prop: 'email',
      label: 'system.user.email',
      hide: true,
      rules: [{ type: 'email', message: 'validation.email' }, { max: 45 }],
    },
    { prop: 'sex', label: 'system.user.sex', type: 'select', dictCode: 'sex', hide: true },
    { prop: 'birthday', label: 'system.user.birthday', type: 'datetime', hide: true },
    { prop: 'roleName', label: 'system.user.roleId', display: false, overHidden: true, width: 160 },
    { prop: 'deptName', label: 'system.user.deptId', display: false, overHidden: true, width: 160 },
    { prop: 'postName', label: 'system.user.postId', display: false, overHidden: true, width: 140 },
    {
      prop: 'roleId',
      label: 'system.user.roleId',
      type: 'tree-select',
      multiple: true,
      dataType: 'string',
      hide: true,
      required: true,
      formComponent: OrgField,
    },
    {
      prop: 'deptId',
      label: 'system.user.deptId',
      type: 'tree-select',
      multiple: true,
      dataType: 'string',
      hide: true,
      required: true,
      formComponent: OrgField,
    },
    {
      prop: 'postId',
      label: 'system.user.postId',
      type: 'multi-select',
      dataType: 'string',
      hide: true,
      formComponent: OrgField,
    },
    {
      prop: 'userType',
      label: 'system.user.userType',
      type: 'select',
      dictCode: 'user_type',
      required: true,
      value: '1',
      width: 100,
    },
    {
      prop: 'status',
      label: 'system.user.status',
      type: 'select',
      dicData: USER_STATUS,
      display: false,
      width: 90,
    },
    {
      prop: 'createTime',
      label: 'system.user.createTime',
      type: 'datetime',
      display: false,
      search: true,
      searchRange: true,
      sortable: true,
      width: 170,
    },
  ];
  return {
    name: 'user',
    urlState: true,
    permissions: { add: 'user_add', edit: 'user_edit', view: 'user_view', delete: 'user_delete' },
    dialogWidth: 860,
    columns,
    beforeSubmit: (body) => {
      const { password2: _, ...rest } = body;
      return platform ? rest : { ...rest, tenantId: undefined };
    },
    toolbar: [
      {
        key: 'grant',
        code: 'user_role',
        label: 'system.user.grant',
        icon: <TeamOutlined />,
        batch: true,
        onClick: (rows) => actions.grant(rows),
      },
      {
        key: 'reset',
        code: 'user_reset',
        label: 'system.user.reset',
        icon: <KeyOutlined />,
        batch: true,
        onClick: (rows, ctx) =>
          actions.ask('system.user.resetConfirm', () => resetPassword(idsOf(rows), acting), ctx.refresh),
      },
      {
        key: 'lock',
        code: 'user_lock',
        label: 'system.user.lock',
        icon: <LockOutlined />,
        batch: true,
        onClick: (rows, ctx) =>
          actions.ask('system.user.lockConfirm', () => lockUsers(idsOf(rows), acting), ctx.refresh),
      },
      {
        key: 'unlock',
        code: 'user_unlock',
        label: 'system.user.unlock',
        icon: <UnlockOutlined />,
        batch: true,
        onClick: (rows, ctx) =>
          actions.ask('system.user.unlockConfirm', () => unlockUsers(idsOf(rows), acting), ctx.refresh),
      },
      {
        key: 'import',
        code: 'user_import',
        label: 'shared.import',
        icon: <UploadOutlined />,
        onClick: () => actions.importUsers(),
      },
      {
        key: 'export',
        code: 'user_export',
        label: 'shared.export',
        icon: <DownloadOutlined />,
        onClick: () => actions.exportUsers(),
      },
    ],
    rowActions: [
      {
        key: 'platform',
        code: 'user_platform',
        label: 'system.user.platform',
        icon: <SettingOutlined />,
        onClick: (row) => actions.platform(row),
      },
    ],
  };
}
