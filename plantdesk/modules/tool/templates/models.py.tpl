"""The $module area's table `$table` ($code_name_en)$tenant_note."""

$model_imports

from plantdesk.db.base import $mixins


class $Model($mixin_bases):
    """$code_name / $code_name_en."""

    __tablename__ = "$table"

$model_columns
