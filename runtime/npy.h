// npy.h: reading and writing NumPy .npy files (format versions 1.0, 2.0
// and 3.0; C order; little-endian) for the host entry and the tests.  Not
// installed.
#ifndef PYPTOCC_NPY_H
#define PYPTOCC_NPY_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tensor.h"

namespace pyptocc::npy {

struct Array {
    std::string descr;             // normalised: "<f4", "|i1", ...
    std::vector<uint64_t> shape;
    std::vector<unsigned char> data;  // the elements, C order
};

// The .npy dtype string of a DataType ("<f4"; BFLOAT16 is "<u2", its raw
// bits), or nullptr for UNKNOWN.
const char *descr_of(DataType t);
// The DataType whose descr_of is `descr` ("<i1"/"<u1"/"<b1" are accepted
// for "|i1"/"|u1"/"|b1"; "<u2", the descr of both BFLOAT16 and UINT16,
// gives BFLOAT16), or UNKNOWN.
DataType dtype_of(const std::string &descr);
// Bytes per element of a supported descr, 0 otherwise.
size_t item_size(const std::string &descr);

// Parses a whole .npy file image; on failure returns false and sets error.
bool parse(const unsigned char *bytes, size_t n, Array &out, std::string &error);
bool read_file(const std::string &path, Array &out, std::string &error);

// The file image of an array (version 1.0, or 2.0 for a header over 64 KiB).
std::vector<unsigned char> serialize(const std::string &descr, const std::vector<uint64_t> &shape, const void *data,
                                     size_t nbytes);
bool write_file(const std::string &path, const std::string &descr, const std::vector<uint64_t> &shape,
                const void *data, size_t nbytes, std::string &error);

}  // namespace pyptocc::npy

#endif
