# The compiled cffi module (built from build.py); typed loosely on purpose:
# its functions are declared in csrc/omaha8.h.
from typing import Any

ffi: Any
lib: Any
