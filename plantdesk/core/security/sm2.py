"""The installation's SM2 key pair: SpringBlade 4.x consoles encrypt the login password with its public key
(sm-crypto `doEncrypt(password, publicKey, 0)`: C1C2C3, hex, C1 without the 04 prefix), the server decrypts.

The private key is derived from the signing secret (PLANTDESK_JWT_SECRET or the one generated into the data dir),
so every process of one installation holds the same pair without storing another secret, and another installation
has another pair. The SM2 arithmetic is PyPI `gmssl`'s (its point multiplication also makes the public key).

"""

import functools
import hashlib

from gmssl import sm2, sm3

_ORDER = int(sm2.default_ecc_table["n"], 16)
_C1_C3_HEX = 128 + 64  # C1 (x, y) and C3 (SM3 digest), hex digits


@functools.cache
def _pair(signing_key: str) -> tuple[str, str]:
    seed = int.from_bytes(hashlib.sha256(b"plantdesk.sm2:" + signing_key.encode()).digest(), "big")
    private = f"{seed % (_ORDER - 1) + 1:064x}"
    public = sm2.CryptSM2(private_key=private, public_key="")._kg(int(private, 16), sm2.default_ecc_table["g"])
    return private, public


def public_key(signing_key: str) -> str:
    """The public key as the console's `website.auth.publicKey` takes it: 04 + x + y, 130 hex digits."""
    return "04" + _pair(signing_key)[1]


def decrypt(signing_key: str, cipher_hex: str) -> str | None:
    """The plain text of a C1C2C3 hex cipher (C1 with or without its 04 prefix), or None when it is not one made
    with this installation's public key. gmssl's own decrypt does not check C3 (the digest of the plain text), so
    the check is made here: a wrong key or a damaged cipher never yields a password."""
    text = cipher_hex.strip().lower()
    for candidate in (text, text[2:] if text.startswith("04") else ""):
        plain = _decrypt(signing_key, candidate)
        if plain is not None:
            return plain
    return None


def _decrypt(signing_key: str, text: str) -> str | None:
    if len(text) <= _C1_C3_HEX or len(text) % 2:
        return None
    try:
        bytes.fromhex(text)
    except ValueError:
        return None
    private, _ = _pair(signing_key)
    crypt = sm2.CryptSM2(private_key=private, public_key="", mode=0)  # only its arithmetic is used
    c1, c2, c3 = text[:128], text[128:-64], text[-64:]
    xy = crypt._kg(int(private, 16), c1)
    if xy is None:
        return None
    mask = sm3.sm3_kdf(xy.encode(), len(c2) // 2)
    plain = f"{int(c2, 16) ^ int(mask, 16):0{len(c2)}x}"
    if sm3.sm3_hash(list(bytes.fromhex(xy[:64] + plain + xy[64:]))) != c3:
        return None
    try:
        return bytes.fromhex(plain).decode()
    except UnicodeDecodeError:
        return None
