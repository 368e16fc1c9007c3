import type { SameKeys } from './area';

/**
 * The messages of the login form, which paints before the console (and i18next) loads: the boot entry reads
 * them from here, and zh.ts / en.ts include them, so each message is written once.
 */
export const bootZh = {
  app: { name: 'PlantDesk 智能运维平台', short: 'PlantDesk' },
  http: {
    unknown: '未知错误',
    captchaExpired: '验证码已过期',
    unavailable: '服务暂时不可用，请稍后重试',
    unavailableRetrying: '服务暂时不可用，正在重试…',
  },
  login: {
    title: '登录',
    welcome: '欢迎登录',
    subtitle: '请使用您的账号登录管理控制台',
    slogan: '面向工业现场的多租户智能运维管理平台',
    featureOps: '设备、点位与监测数据一体化管理',
    featureAlarm: '告警、预警与流程协同实时响应',
    featureTenant: '多租户隔离，权限精细到按钮',
    footer: '© PlantDesk · 工业智能运维',
    tenantId: '租户编号',
    tenantRequired: '请输入租户编号',
    username: '用户名',
    usernameRequired: '请输入用户名',
    password: '密码',
    passwordRequired: '请输入密码',
    code: '验证码',
    codeRequired: '请输入验证码',
    refreshCode: '看不清？换一张',
    submit: '登录',
    promptReset: '密码已重置为初始密码，请设置新密码',
    promptRule: '密码规则已更新，请重新设置密码',
    promptPeriod: '当前密码已超过使用期限，请重新设置密码',
  },
};

export const bootEn: SameKeys<typeof bootZh> = {
  app: { name: 'PlantDesk Smart Operations', short: 'PlantDesk' },
  http: {
    unknown: 'Unknown error',
    captchaExpired: 'The captcha has expired',
    unavailable: 'Service temporarily unavailable; please try again shortly',
    unavailableRetrying: 'Service temporarily unavailable, retrying…',
  },
  login: {
    title: 'Sign in',
    welcome: 'Welcome back',
    subtitle: 'Sign in to the management console with your account',
    slogan: 'Multi-tenant smart operations for industrial plants',
    featureOps: 'Equipment, data points and monitor data in one place',
    featureAlarm: 'Alarms, early warnings and workflow in real time',
    featureTenant: 'Tenant isolation with button-level permissions',
    footer: '© PlantDesk · Industrial smart operations',
    tenantId: 'Tenant ID',
    tenantRequired: 'Please enter the tenant ID',
    username: 'Username',
    usernameRequired: 'Please enter the username',
    password: 'Password',
    passwordRequired: 'Please enter the password',
    code: 'Captcha',
    codeRequired: 'Please enter the captcha',
    refreshCode: 'Cannot read it? Get another',
    submit: 'Sign in',
    promptReset: 'Your password was reset to the initial one; please set a new password',
    promptRule: 'The password rules have changed; please set a new password',
    promptPeriod: 'Your password is older than the allowed period; please set a new password',
  },
};

export const bootMessages = { zh: bootZh, en: bootEn };

export type BootMessages = typeof bootZh;
