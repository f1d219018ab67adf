"""Values of the GPU tests' buffer files, shared by their check scripts:
bf16 bits and values (round to nearest even), and whole files of bf16 bits
or fp32 values."""
import struct


def bf16_bits(v):
    b = struct.unpack("<I", struct.pack("<f", v))[0]
    return (b + 0x7FFF + ((b >> 16) & 1)) >> 16


def bf16_value(h):
    return struct.unpack("<f", struct.pack("<I", h << 16))[0]


def read_bf16(path):
    data = open(path, "rb").read()
    return struct.unpack("<%dH" % (len(data) // 2), data)


def read_f32(path):
    data = open(path, "rb").read()
    return struct.unpack("<%df" % (len(data) // 4), data)
