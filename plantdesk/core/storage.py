"""Object storage: one small interface with a local-directory backend and an S3-compatible backend.

Keys are made by the server (`new_key`), never taken from a client, and every backend re-checks them:
only `[A-Za-z0-9._-]` segments joined by `/`, no `..`, no leading slash. The local backend also checks that
the resolved path stays under its root, so a key can never reach outside the upload directory.
"""

import asyncio
import io
import re
import uuid
from datetime import datetime
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

import urllib3

from plantdesk.core import outbound
from plantdesk.core.errors import BusinessError

_SEGMENT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
MAX_KEY = 500


class ObjectStorage(Protocol):
    @property
    def code(self) -> str | None: ...  # the blade_oss code holding the object; None = local storage

    @property
    def domain(self) -> str: ...
    async def put(self, key: str, data: bytes, content_type: str) -> str: ...
    async def get(self, key: str) -> bytes: ...
    async def delete(self, key: str) -> None: ...


def new_key(tenant_id: str, extension: str) -> str:
    """`<tenant>/<yyyymmdd>/<random>.<ext>`: unguessable, so a link to it works as a capability."""
    ext = extension.lower()
    if not re.fullmatch(r"[a-z0-9]{1,10}", ext):
        raise BusinessError("文件扩展名不合法")
    tenant = tenant_id if re.fullmatch(r"[0-9A-Za-z]{1,12}", tenant_id) else "000000"
    return f"{tenant}/{datetime.now():%Y%m%d}/{uuid.uuid4().hex}.{ext}"


def check_key(key: str) -> str:
    parts = key.split("/")
    if not key or len(key) > MAX_KEY or not all(_SEGMENT.match(p) and ".." not in p for p in parts):
        raise BusinessError("文件路径不合法")
    return key


class LocalStorage:
    """Files under `root` (settings.upload_dir); links point at the public file endpoint `url_prefix`."""

    code = None

    def __init__(self, root: Path, url_prefix: str = "/api/blade-resource/oss/file"):
        self.root = root.resolve()
        self.url_prefix = url_prefix.rstrip("/")

    @property
    def domain(self) -> str:
        return self.url_prefix

    async def put(self, key: str, data: bytes, content_type: str) -> str:
        path = self._path(key)
        await asyncio.to_thread(_write, path, data)
        return f"{self.url_prefix}/{key}"

    async def get(self, key: str) -> bytes:
        path = self._path(key)
        try:
            return await asyncio.to_thread(path.read_bytes)
        except FileNotFoundError:
            raise BusinessError("文件不存在") from None

    async def delete(self, key: str) -> None:
        await asyncio.to_thread(self._path(key).unlink, missing_ok=True)

    def _path(self, key: str) -> Path:
        path = (self.root / check_key(key)).resolve()
        if not path.is_relative_to(self.root):
            raise BusinessError("文件路径不合法")
        return path


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".part")
    tmp.write_bytes(data)
    tmp.replace(path)


class S3Storage:
    """An S3-compatible endpoint (MinIO, Aliyun OSS, Tencent COS, Qiniu Kodo, AWS) through the minio client.

    The client is synchronous (urllib3), so every call runs in a worker thread. Its connections go through
    core.outbound (public addresses only, unless allowed), and any failure to reach the endpoint or any error
    it answers is a business error naming neither the address's answer nor its content: a refused port
    must not be told apart from an unreachable host.
    """

    def __init__(self, *, code: str, endpoint: str, access_key: str, secret_key: str, bucket: str,
                 policy: outbound.Policy, region: str | None = None, public_endpoint: str | None = None):
        import certifi
        from minio import Minio

        parsed = urlsplit(endpoint if "://" in endpoint else f"https://{endpoint}")
        self.code = code
        self.bucket = bucket
        self._public = (public_endpoint or f"{parsed.scheme}://{parsed.netloc}").rstrip("/")
        http = outbound.pool_manager(policy, maxsize=10, cert_reqs="CERT_REQUIRED", ca_certs=certifi.where(),
                                     retries=urllib3.Retry(total=2, backoff_factor=0.2,
                                                           status_forcelist=[500, 502, 503, 504]))
        self._client = Minio(parsed.netloc, access_key=access_key, secret_key=secret_key,
                             secure=parsed.scheme == "https", region=region or None, http_client=http)

    @property
    def domain(self) -> str:
        return f"{self._public}/{self.bucket}"

    async def put(self, key: str, data: bytes, content_type: str) -> str:
        check_key(key)
        await self._call(self._client.put_object, self.bucket, key, io.BytesIO(data), len(data),
                         content_type=content_type)
        return f"{self.domain}/{key}"

    async def get(self, key: str) -> bytes:
        check_key(key)
        return await self._call(self._read, key)

    async def delete(self, key: str) -> None:
        check_key(key)
        await self._call(self._client.remove_object, self.bucket, key)

    async def _call(self, function, *args, **kwargs):
        from minio.error import MinioException

        try:
            return await asyncio.to_thread(function, *args, **kwargs)
        except (MinioException, urllib3.exceptions.HTTPError, OSError, ValueError):  # ValueError: a bad bucket name
            raise BusinessError("对象存储访问失败,请检查资源地址、空间名和密钥") from None

    def _read(self, key: str) -> bytes:
        response = self._client.get_object(self.bucket, key)
        try:
            return response.read()
        finally:
            response.close()
            response.release_conn()
