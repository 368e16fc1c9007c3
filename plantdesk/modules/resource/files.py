"""Upload checks: an extension allow-list and the file's own leading bytes, never the client's content type."""

import re
import unicodedata
from dataclasses import dataclass

from plantdesk.core.errors import BusinessError

PNG = (b"\x89PNG\r\n\x1a\n",)
JPEG = (b"\xff\xd8\xff",)
GIF = (b"GIF87a", b"GIF89a")
ZIP = (b"PK\x03\x04", b"PK\x05\x06")
OLE = (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1",)  # legacy Office (doc, xls, ppt)
TEXT = None  # no magic number: must be text (no NUL byte in the first block)


@dataclass(frozen=True)
class FileType:
    content_type: str
    magic: tuple[bytes, ...] | None
    inline: bool = False  # images are shown in the browser; everything else downloads


TYPES: dict[str, FileType] = {
    "png": FileType("image/png", PNG, True),
    "jpg": FileType("image/jpeg", JPEG, True),
    "jpeg": FileType("image/jpeg", JPEG, True),
    "gif": FileType("image/gif", GIF, True),
    "bmp": FileType("image/bmp", (b"BM",), True),
    "webp": FileType("image/webp", (b"RIFF",), True),
    "ico": FileType("image/x-icon", (b"\x00\x00\x01\x00",), True),
    "pdf": FileType("application/pdf", (b"%PDF-",)),
    "zip": FileType("application/zip", ZIP),
    "docx": FileType("application/vnd.openxmlformats-officedocument.wordprocessingml.document", ZIP),
    "xlsx": FileType("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ZIP),
    "pptx": FileType("application/vnd.openxmlformats-officedocument.presentationml.presentation", ZIP),
    "doc": FileType("application/msword", OLE),
    "xls": FileType("application/vnd.ms-excel", OLE),
    "ppt": FileType("application/vnd.ms-powerpoint", OLE),
    "txt": FileType("text/plain; charset=utf-8", TEXT),
    "csv": FileType("text/csv; charset=utf-8", TEXT),
    "json": FileType("application/json", TEXT),
    "xml": FileType("application/xml", TEXT),
}
TEXT_PROBE = 8192


@dataclass(frozen=True)
class CheckedFile:
    original_name: str
    extension: str
    type: FileType
    data: bytes


def check(filename: str | None, data: bytes, *, max_bytes: int) -> CheckedFile:
    """Refuses an empty or oversized file, an extension outside the allow-list, and content that is not
    what the extension claims."""
    name = clean_name(filename)
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    file_type = TYPES.get(extension)
    if file_type is None:
        raise BusinessError(f"不支持的文件类型: {extension or '无扩展名'}")
    if not data:
        raise BusinessError("文件内容为空")
    if len(data) > max_bytes:
        raise BusinessError(f"文件大小超过上限 {_size(max_bytes)}")
    if not _matches(extension, file_type, data):
        raise BusinessError("文件内容与扩展名不符")
    return CheckedFile(name, extension, file_type, data)


def clean_name(filename: str | None) -> str:
    """The client's file name reduced to a display name: no directories, no control characters."""
    base = re.split(r"[\\/]", filename or "")[-1]
    base = "".join(ch for ch in base if unicodedata.category(ch)[0] != "C").strip().lstrip(".")
    return base[-200:] or "file"


def _matches(extension: str, file_type: FileType, data: bytes) -> bool:
    if file_type.magic is None:
        return b"\x00" not in data[:TEXT_PROBE]
    if extension == "webp":
        return data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    return data.startswith(file_type.magic)


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n // 1024 // 1024} MB"
    return f"{n // 1024} KB" if n >= 1024 else f"{n} B"
