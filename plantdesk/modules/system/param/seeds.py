"""The system parameters the platform seeds (table blade_param), as (param_key, param_name, param_value, remark).

The keys are the allowed paramKey list of SPEC §3 plus `log.retentionDays` (the log retention job's); units
follow SPEC §9; the BladeX defaults (initPassword 123456, failCount 5, tenant.default.password admin,
tenant.default.accountNumber 100) come from bladex-contract.md §10. Values are strings, as stored.
"""

ALLOWED_PARAM_KEYS: tuple[str, ...] = (
    "account.initPassword",
    "account.failCount",
    "account.lockTime",
    "account.TokenTimeOut",
    "account.TokenRefreshTime",
    "license.residue",
    "account.PasswordMode",
    "account.PasswordPeriod",
    "tenant.default.accountNumber",
    "tenant.default.password",
    "tenant.default.menuCode",
    "log.retentionDays",
)

# SPEC §5: these must be non-negative integers (参数键值请输入非负数字值!).
NON_NEGATIVE_INT_KEYS: tuple[str, ...] = (
    "account.failCount",
    "account.lockTime",
    "license.residue",
    "account.PasswordPeriod",
    "tenant.default.accountNumber",
    "log.retentionDays",
)

# Menu codes (see menus.py) granted to a new tenant's admin role. BladeX semantics: each listed code grants
# that menu with all its descendants (sub-menus and buttons), and the routes call adds the ancestors. So whole
# areas are listed by catalogue code, and the system area only by the screens a tenant may manage itself
# (tenants, packages, menus, system dictionary, parameters, clients and regions stay with the platform; so do
# the authority and developer-tool areas).
TENANT_DEFAULT_MENU_CODES: tuple[str, ...] = (
    "desk",
    "user",
    "dept",
    "post",
    "role",
    "dictbiz",
    "topmenu",
    "logo",
    "resource",
    "monitor",
    "device",
    "product",
    "alarm",
    "warning",
    "flow",
    "work",
    "form",
    "knowledgebase",
    "visual",
    "video",
    "topology",
    "report",
    "ai",
)

PARAMS: list[tuple[str, str, str, str]] = [
    ("account.initPassword", "账号初始密码", "123456", "新建用户和重置密码时使用的初始密码"),
    ("account.failCount", "账号错误锁定次数", "5", "单位: 次; 连续登录失败达到该次数后锁定账号"),
    ("account.lockTime", "闲置锁屏时间", "0", "单位: 秒; 无操作超过该时间自动锁屏, 0 表示关闭自动锁屏"),
    ("account.TokenTimeOut", "令牌超时时间", "3600", "单位: 秒; 访问令牌有效期, 修改后退出重新登录生效"),
    (
        "account.TokenRefreshTime",
        "令牌刷新时间",
        "3000",
        "单位: 秒; 不大于令牌超时时间, 0 或大于超时时间时不自动刷新令牌, 修改后刷新生效",
    ),
    ("license.residue", "授权到期提醒天数", "30", "单位: 天; 授权剩余天数不足该值时提醒, 0 表示不提醒"),
    (
        "account.PasswordMode",
        "密码模式",
        "normal",
        "normal 普通模式; safety 安全模式, 值为 类型,长度,内容 (内容为逗号分隔的 num,letter,character)",
    ),
    ("account.PasswordPeriod", "密码有效期", "0", "单位: 天; 密码使用超过该天数后须修改, 0 表示不限制"),
    ("tenant.default.accountNumber", "租户默认账号额度", "100", "单位: 个; 新建租户的默认账号数量上限"),
    ("tenant.default.password", "租户默认管理密码", "admin", "新建租户时管理员账号 admin 的初始密码"),
    (
        "tenant.default.menuCode",
        "租户默认菜单编号",
        ",".join(TENANT_DEFAULT_MENU_CODES),
        "逗号分隔的菜单编号; 新建租户的管理员角色获得这些菜单及其全部下级菜单和按钮",
    ),
    (
        "log.retentionDays",
        "日志保留天数",
        "180",
        "单位: 天; 每天清理各租户早于该天数的接口、错误、通用和系统日志, 0 表示永久保留",
    ),
]
