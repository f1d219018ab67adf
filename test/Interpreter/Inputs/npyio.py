# Writes and reads numpy .npy files (format 1.0) without numpy, for the
# tests of `tilec run`'s .npy buffers.
#   npyio.py write PATH DESCR V1,V2,...   [--fortran] [--version N]
#   npyio.py read PATH                    prints "descr shape: v1 v2 ..."
import struct
import sys

FMT = {"<i4": "i", "<i8": "q", "<f4": "f", "<f8": "d", "<i2": "h", "|i1": "b", "<u2": "H", "<f2": "e"}


def write(path, descr, values, fortran=False, version=1):
    vals = [float(v) if descr[1] == "f" else int(v) for v in values.split(",")]
    header = "{'descr': '%s', 'fortran_order': %s, 'shape': (%d,), }" % (
        descr, "True" if fortran else "False", len(vals))
    lenbytes = 2 if version == 1 else 4
    pad = (64 - (6 + 2 + lenbytes + len(header) + 1) % 64) % 64
    header += " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]))
        f.write(struct.pack("<H" if version == 1 else "<I", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%d%s" % (len(vals), FMT[descr]), *vals))


def read(path):
    data = open(path, "rb").read()
    assert data[:6] == b"\x93NUMPY", "magic"
    n = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + n].decode("latin1")
    assert (10 + n) % 64 == 0, "header not padded to 64 bytes"
    d = eval(header)
    body = data[10 + n:]
    count = 1
    for s in d["shape"]:
        count *= s
    vals = struct.unpack("<%d%s" % (count, FMT[d["descr"]]), body)
    print("%s %s: %s" % (d["descr"], d["shape"], " ".join(str(v) for v in vals)))


if sys.argv[1] == "write":
    write(sys.argv[2], sys.argv[3], sys.argv[4], "--fortran" in sys.argv,
          2 if "--version2" in sys.argv else 1)
else:
    read(sys.argv[2])
