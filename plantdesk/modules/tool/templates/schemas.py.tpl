"""Wire shapes of /api$menu_path (camelCase, ids as strings, BladeX paging)."""

$schema_imports


class ${Model}Read($read_base):
$read_fields


class ${Model}Write(Schema):
    id: Id | None = None
$write_fields
