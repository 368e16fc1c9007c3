"""Real protocol servers for the collector tests, on loopback ports the OS hands out (two test runs on one
machine never collide): pymodbus's and asyncua's own servers, started and stopped by the tests (a server that
goes away and comes back on the same port)."""

import asyncio
import contextlib
import datetime
import ipaddress
import socket
import ssl
import subprocess
from pathlib import Path

from asyncua import Server, ua
from asyncua.crypto.cert_gen import setup_self_signed_certificate
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from pymodbus import FramerType
from pymodbus.constants import ExcCodes
from pymodbus.datastore import ModbusDeviceContext, ModbusSequentialDataBlock, ModbusServerContext
from pymodbus.server import ModbusSerialServer, ModbusTcpServer


def free_port() -> int:
    """A loopback port nobody listens on now (the OS's pick; the server binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RefusingBlock(ModbusSequentialDataBlock):
    """Registers a PLC does not have among those it does: a read touching one of `refused` is answered with
    exception 2 (illegal data address), as a real PLC answers."""

    def __init__(self, address, values):
        super().__init__(address, values)
        self.refused: set[int] = set()

    def getValues(self, address, count=1):
        if self.refused.intersection(range(address, address + count)):
            return ExcCodes.ILLEGAL_ADDRESS
        return super().getValues(address, count)


class ModbusSim:
    """A Modbus TCP server with one unit (1): 200 holding, input registers and coils, all zero; with `framer`
    RTU, RTU frames over TCP (a serial gateway's); with `serial_port`, an RTU slave on that serial line."""

    def __init__(self, port: int | None = None, *, framer: FramerType = FramerType.SOCKET, serial_port: str = "",
                 **serial):
        self.port = port or free_port()
        self.framer, self.serial_port, self.serial = framer, serial_port, serial
        self.holding = RefusingBlock(0, [0] * 200)
        self.input = ModbusSequentialDataBlock(0, [0] * 200)
        self.coils = ModbusSequentialDataBlock(0, [False] * 200)
        self.server: ModbusTcpServer | ModbusSerialServer | None = None
        self.task: asyncio.Task | None = None

    def set_holding(self, register: int, words: list[int]) -> None:
        """register: zero-based (40001 is 0)."""
        self.holding.setValues(register + 1, words)  # the device context adds one on reads

    def refuse(self, register: int) -> None:
        """The holding register (zero-based) answered with an illegal data address from now on."""
        self.holding.refused.add(register + 1)

    def set_input(self, register: int, words: list[int]) -> None:
        self.input.setValues(register + 1, words)

    def set_coil(self, register: int, value: bool) -> None:
        self.coils.setValues(register + 1, [value])

    async def start(self) -> None:
        context = ModbusServerContext(devices={1: ModbusDeviceContext(hr=self.holding, ir=self.input,
                                                                      co=self.coils)}, single=False)
        if self.serial_port:
            self.server = ModbusSerialServer(context, framer=FramerType.RTU, port=self.serial_port, **self.serial)
            self.task = asyncio.create_task(self.server.serve_forever())
            return
        self.server = ModbusTcpServer(context, framer=self.framer, address=("127.0.0.1", self.port))
        self.task = asyncio.create_task(self.server.serve_forever())
        for _ in range(100):
            with contextlib.suppress(OSError):
                _reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                return
            await asyncio.sleep(0.05)
        raise RuntimeError(f"modbus server on {self.port} did not start")

    async def stop(self) -> None:
        if self.server is not None:
            await self.server.shutdown()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        self.server = self.task = None


class OpcUaSim:
    """An OPC UA server with one object (Reactor) and three variables under namespace `urn:plantdesk:test`."""

    def __init__(self, certificates: Path | None = None, port: int | None = None):
        self.port = port or free_port()
        self.endpoint = f"opc.tcp://127.0.0.1:{self.port}/test"
        self.server = Server()
        self.nodes: dict[str, object] = {}
        self.certificates = certificates  # a folder: the server then takes Basic256Sha256 only

    async def start(self) -> None:
        await self.server.init()
        self.server.set_endpoint(self.endpoint)
        self.server.set_server_name("PlantDesk test OPC UA")
        if self.certificates is None:
            self.server.set_security_policy([ua.SecurityPolicyType.NoSecurity])
        else:
            key, cert = self.certificates / "server-key.pem", self.certificates / "server-cert.der"
            await setup_self_signed_certificate(key, cert, "urn:plantdesk:test-server", "localhost",
                                                [ExtendedKeyUsageOID.SERVER_AUTH], {"commonName": "test"})
            self.server.set_security_policy([ua.SecurityPolicyType.Basic256Sha256_SignAndEncrypt])
            await self.server.load_certificate(str(cert))
            await self.server.load_private_key(str(key))
        ns = await self.server.register_namespace("urn:plantdesk:test")
        reactor = await self.server.nodes.objects.add_object(ua.NodeId("Reactor", ns), "Reactor")
        for name, value in (("Temp", 80.5), ("Pres", 3.2), ("Run", True)):
            node = await reactor.add_variable(ua.NodeId(f"Reactor.{name}", ns), name, value)
            await node.set_writable()
            self.nodes[name] = node
        await self.server.start()

    def node_id(self, name: str) -> str:
        return self.nodes[name].nodeid.to_string()  # type: ignore[attr-defined]

    async def write(self, name: str, value) -> None:
        await self.nodes[name].write_value(value)  # type: ignore[attr-defined]

    async def stop(self) -> None:
        await self.server.stop()


class Pki:
    """A certificate authority made for one test, with a server certificate for 127.0.0.1 and a client
    certificate, all PEM."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.ca_key = ec.generate_private_key(ec.SECP256R1())
        self.ca = self._certificate("PlantDesk test CA", self.ca_key, self.ca_key, None, ca=True)
        self.files: dict[str, Path] = {"ca": self._write("ca.pem", self.ca)}
        for role in ("server", "client"):
            key = ec.generate_private_key(ec.SECP256R1())
            cert = self._certificate(f"plantdesk-{role}", key, self.ca_key, self.ca,
                                     ip=ipaddress.IPv4Address("127.0.0.1") if role == "server" else None)
            self.files[role] = self._write(f"{role}.pem", cert)
            self.files[f"{role}-key"] = folder / f"{role}.key"
            self.files[f"{role}-key"].write_bytes(key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))

    def pem(self, name: str) -> str:
        return self.files[name].read_text()

    def _write(self, name: str, cert: x509.Certificate) -> Path:
        path = self.folder / name
        path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
        return path

    @staticmethod
    def _certificate(name: str, key, signer, issuer: x509.Certificate | None, *, ca: bool = False,
                     ip: ipaddress.IPv4Address | None = None) -> x509.Certificate:
        subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
        now = datetime.datetime.now(datetime.UTC)
        builder = (x509.CertificateBuilder().subject_name(subject)
                   .issuer_name(issuer.subject if issuer else subject).public_key(key.public_key())
                   .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(hours=1))
                   .not_valid_after(now + datetime.timedelta(days=1))
                   .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
        if ip is not None:
            builder = builder.add_extension(x509.SubjectAlternativeName([x509.IPAddress(ip)]), critical=False)
        return builder.sign(signer, hashes.SHA256())


class Mosquitto:
    """A Mosquitto broker of the test's own on a free loopback port, TLS only (the Pki's server certificate),
    asking for a client certificate signed by the same CA; stopped and started again on the same port."""

    def __init__(self, pki: Pki):
        self.pki, self.port = pki, free_port()
        self.process: asyncio.subprocess.Process | None = None
        self.config = pki.folder / "mosquitto.conf"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\ncafile {pki.files['ca']}\n"
            f"certfile {pki.files['server']}\nkeyfile {pki.files['server-key']}\nrequire_certificate true\n"
            "persistence false\nuser root\n")  # as root it would drop to `mosquitto`, who cannot read tmp_path

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            "mosquitto", "-c", str(self.config), stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL)
        for _ in range(100):
            with contextlib.suppress(OSError):
                _reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.close()
                return
            await asyncio.sleep(0.05)
        raise RuntimeError(f"mosquitto on {self.port} did not start")

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            await self.process.wait()
        self.process = None

    def tls(self) -> ssl.SSLContext:
        """A publisher's TLS context (the test's own client certificate)."""
        context = ssl.create_default_context(cafile=self.pki.files["ca"])
        context.load_cert_chain(self.pki.files["client"], self.pki.files["client-key"])
        return context


class PasswordMosquitto(Mosquitto):
    """A plain Mosquitto broker of the test's own that lets in only `user` with `password`."""

    def __init__(self, folder: Path, user: str, password: str):
        self.port, self.process = free_port(), None
        passwords = folder / "mosquitto.passwd"
        passwords.write_text(f"{user}:{password}\n")
        subprocess.run(["mosquitto_passwd", "-U", str(passwords)], check=True)  # hashes the file in place
        self.config = folder / "mosquitto-password.conf"
        self.config.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous false\npassword_file {passwords}\n"
                               "persistence false\nuser root\n")

class PlainMosquitto(Mosquitto):
    """A plain Mosquitto broker of the test's own (anonymous, no TLS), to stop and start again on its port."""

    def __init__(self, folder: Path):
        self.port, self.process = free_port(), None
        self.config = folder / "mosquitto-plain.conf"
        self.config.write_text(f"listener {self.port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
                               "user root\n")
