#include "tilec/Support/Diagnostics.h"
