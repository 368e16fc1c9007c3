"""Imports every model so that `Base.metadata` is complete (Alembic, tests, seeding)."""

from plantdesk.core.audit_models import ApiLog, ErrorLog, UsualLog
from plantdesk.core.leases import Lease
from plantdesk.core.search import SearchGram
from plantdesk.core.security.models import Client, UserSession
from plantdesk.db.base import Base
from plantdesk.modules.ai.models import AiConversation, AiMessage, AiProvider
from plantdesk.modules.alarm.models import (
    AlarmGroup,
    AlarmJobUnusual,
    AlarmLevel,
    AlarmMail,
    AlarmPending,
    AlarmRecord,
    AlarmRule,
    AlarmRuleState,
    AlarmSetting,
    AlarmTemplate,
    AlarmTimeCycle,
    AlarmTrail,
)
from plantdesk.modules.alarm.tracking.models import AlarmMetric, AlarmSource, AlarmSourceTable, AlarmTimely
from plantdesk.modules.desk.models import Notice, SystemNotice
from plantdesk.modules.device.models import (
    CollectGroup,
    DataPoint,
    DataPointAlarm,
    DataPointSource,
    Device,
    DeviceComponent,
    EquipmentModel,
    ImportErrorRow,
    ImportLog,
    ModelComponent,
    ModelPoint,
)
from plantdesk.modules.device.monitor.models import (
    DeviceToken,
    MonitorData,
    MonitorLatest,
    MonitorRollup1h,
    MonitorRollup1m,
    MonitorSetting,
)
from plantdesk.modules.flow.models import FlowDefinition, FlowDeployment, FlowInstance, FlowLeave, FlowModel, FlowTask
from plantdesk.modules.form.models import (
    FormCatalogue,
    FormDesign,
    FormDesignDetail,
    FormHook,
    FormHookParams,
    FormLog,
    FormLogValue,
)
from plantdesk.modules.knowledge.models import (
    AlarmEventKnowledge,
    KnowledgeCatalogue,
    KnowledgeChangeLog,
    KnowledgeComment,
    KnowledgeFileRela,
    KnowledgeInfo,
    KnowledgeTerm,
)
from plantdesk.modules.resource.models import Attach, Logo, Oss, Sms, SmsLog
from plantdesk.modules.system.models import (
    Dept,
    Dict,
    DictBiz,
    Menu,
    Param,
    Post,
    Region,
    Role,
    RoleFunction,
    RoleMenu,
    RoleScope,
    ScopeApi,
    ScopeData,
    SeedRecord,
    Tenant,
    TenantPackage,
    TopMenu,
    TopMenuSetting,
)
from plantdesk.modules.user.models import User, UserOauth
from plantdesk.modules.warning.models import WarningIndicator, WarningRecord

__all__ = [
    "ApiLog", "Attach", "Base", "Client", "CollectGroup", "DataPoint", "DataPointAlarm", "DataPointSource", "Dept",
    "Device", "DeviceComponent", "Dict", "DictBiz", "EquipmentModel", "ErrorLog", "ImportErrorRow", "ImportLog",
    "Lease", "Logo", "Menu", "ModelComponent", "ModelPoint", "Notice",
    "Oss", "Param", "Post", "Region", "Role", "RoleFunction", "RoleMenu", "RoleScope", "ScopeApi", "ScopeData",
    "SearchGram", "SeedRecord", "Sms", "SmsLog", "SystemNotice", "Tenant", "TenantPackage", "TopMenu",
    "TopMenuSetting", "User", "UserOauth", "UserSession", "UsualLog",
    # monitor data (plantdesk.modules.device.monitor)
    "DeviceToken", "MonitorData", "MonitorLatest", "MonitorRollup1h", "MonitorRollup1m",
    "MonitorSetting",
    # forms (plantdesk.modules.form)
    "FormCatalogue", "FormDesign", "FormDesignDetail", "FormHook", "FormHookParams", "FormLog", "FormLogValue",
    # knowledge base and assistant (plantdesk.modules.knowledge, plantdesk.modules.ai)
    "AiConversation", "AiMessage", "AiProvider", "AlarmEventKnowledge", "KnowledgeCatalogue", "KnowledgeChangeLog",
    "KnowledgeComment", "KnowledgeFileRela", "KnowledgeInfo", "KnowledgeTerm",
    # alarms (plantdesk.modules.alarm)
    "AlarmGroup", "AlarmJobUnusual", "AlarmLevel", "AlarmMail", "AlarmPending", "AlarmRecord", "AlarmRule",
    "AlarmRuleState", "AlarmSetting", "AlarmTemplate", "AlarmTimeCycle", "AlarmTrail",
    # alarm tracking (plantdesk.modules.alarm.tracking)
    "AlarmMetric", "AlarmSource", "AlarmSourceTable", "AlarmTimely",
    # early warning (plantdesk.modules.warning)
    "WarningIndicator", "WarningRecord",
    # workflow (plantdesk.modules.flow)
    "FlowDefinition", "FlowDeployment", "FlowInstance", "FlowLeave", "FlowModel", "FlowTask",
]
