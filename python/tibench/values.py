"""Attribute values as Python values, by their declared type."""
import json

import numpy as np

from .schema import SchemaError

# The numpy kind and item size each declared type is stored with (h5io.hpp);
# None: any size.
_STORED = {"string": ("S", None), "json": ("S", None), "float64": ("f", 8),
           "int64": ("i", 8), "bool": ("i", 1)}


def decode(value, attribute, where):
    """The Python value of `value` (as h5py returns it) declared as `attribute`;
    SchemaError if the file stores it with another type."""
    kind, size = _STORED[attribute.type]
    dtype = np.asarray(value).dtype
    if dtype.kind != kind or (size is not None and dtype.itemsize != size):
        raise SchemaError(f"{where}: attribute '{attribute.name}' is stored as {dtype}, "
                          f"declared {attribute.type}")
    if kind == "S":
        text = bytes(value).decode("utf-8")
        if attribute.type == "json":
            try:
                return json.loads(text)
            except json.JSONDecodeError as e:
                raise SchemaError(f"{where}: attribute '{attribute.name}' is not JSON ({e})") \
                    from None
        return text
    if attribute.type == "float64":
        return float(value)
    if attribute.type == "bool":
        return bool(value)
    return int(value)


def root_value(value):
    """A root (provenance) attribute: text decoded, numbers as Python numbers."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    return value.item() if hasattr(value, "item") else value
