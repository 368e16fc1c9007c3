"""The forms area: catalogue, form designs and their published versions, hooks (remote dictionaries), and the
log of every submission with its values."""
