"""One table of the equipment area's wordings: the console's copy (the `device.serverText` i18n area) is the
server's (plantdesk/modules/device/wording.py), pair for pair."""

from plantdesk.modules.device.wording import WORDING
from tests.device.wording import console_wordings


def test_the_console_words_the_messages_as_the_server():
    assert console_wordings() == WORDING.table
