"""The SpringBlade 4.x dialect (the Saber 4.x console): its login, user, dictionary, notice and menu calls over the
same services as the BladeX routes (core.dialects), the installation's SM2 public key, and BladeX data import and
export."""

from plantdesk.core.areas import Area


def _dialects():
    from plantdesk.modules.springblade import dialect

    return [dialect.SPRINGBLADE]


AREA = Area("springblade", depends=("auth", "desk", "system", "user"), routers=("router",), dialects=_dialects)
