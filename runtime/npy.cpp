// npy.cpp: the .npy reader and writer (see npy.h).
#include "npy.h"

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>

static_assert(std::endian::native == std::endian::little, "pyptocc runtime: .npy support assumes a little-endian host");

namespace pyptocc::npy {

namespace {

struct Descr {
    const char *name;
    size_t size;
    DataType type;
};
// "<u2" stands for BFLOAT16 (numpy has no bfloat16: its raw bits) and for
// UINT16; BFLOAT16 comes first, so that dtype_of("<u2") is BFLOAT16.
const Descr kDescrs[] = {
    {"<f4", 4, DataType::FLOAT32}, {"<f2", 2, DataType::FLOAT16}, {"<u2", 2, DataType::BFLOAT16},
    {"<i4", 4, DataType::INT32},   {"<i2", 2, DataType::INT16},   {"|i1", 1, DataType::INT8},
    {"|u1", 1, DataType::UINT8},   {"<i8", 8, DataType::INT64},   {"<u8", 8, DataType::UINT64},
    {"<u4", 4, DataType::UINT32},  {"<u2", 2, DataType::UINT16},  {"|b1", 1, DataType::BOOL},
};

std::string normalise(const std::string &d) {
    if (d == "<i1" || d == "=i1")
        return "|i1";
    if (d == "<u1" || d == "=u1")
        return "|u1";
    if (d == "<b1" || d == "=b1")
        return "|b1";
    return d;
}

// A small parser for the Python dict literal of a .npy header.
class HeaderParser {
  public:
    HeaderParser(const char *s, size_t n) : s_(s), n_(n) {}

    bool parse(Array &out, bool &fortran, std::string &error) {
        bool have_descr = false, have_fortran = false, have_shape = false;
        skip();
        if (!eat('{'))
            return fail(error, "the header is not a dictionary");
        skip();
        while (!peek('}')) {
            std::string key;
            if (!string(key))
                return fail(error, "expected a quoted key");
            skip();
            if (!eat(':'))
                return fail(error, "expected ':' after a key");
            skip();
            if (key == "descr") {
                if (!string(out.descr))
                    return fail(error, "'descr' is not a string (structured dtypes are not supported)");
                have_descr = true;
            } else if (key == "fortran_order") {
                if (word("True"))
                    fortran = true;
                else if (word("False"))
                    fortran = false;
                else
                    return fail(error, "'fortran_order' is not True or False");
                have_fortran = true;
            } else if (key == "shape") {
                if (!tuple(out.shape))
                    return fail(error, "'shape' is not a tuple of nonnegative integers");
                have_shape = true;
            } else {
                return fail(error, "unknown key '" + key + "'");
            }
            skip();
            if (eat(',')) {
                skip();
                continue;
            }
            if (!peek('}'))
                return fail(error, "expected ',' or '}'");
        }
        eat('}');
        skip();
        if (i_ != n_)
            return fail(error, "text after the dictionary");
        if (!have_descr || !have_fortran || !have_shape)
            return fail(error, "the header lacks 'descr', 'fortran_order' or 'shape'");
        return true;
    }

  private:
    static bool fail(std::string &error, const std::string &what) {
        error = "bad header: " + what;
        return false;
    }
    void skip() {
        while (i_ < n_ && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r'))
            i_++;
    }
    bool peek(char c) const { return i_ < n_ && s_[i_] == c; }
    bool eat(char c) {
        if (!peek(c))
            return false;
        i_++;
        return true;
    }
    bool word(const char *w) {
        size_t len = std::strlen(w);
        if (n_ - i_ < len || std::memcmp(s_ + i_, w, len) != 0)
            return false;
        i_ += len;
        return true;
    }
    bool string(std::string &out) {
        if (!(peek('\'') || peek('"')))
            return false;
        char q = s_[i_++];
        out.clear();
        while (i_ < n_ && s_[i_] != q) {
            if (s_[i_] == '\\')
                return false;
            out += s_[i_++];
        }
        return eat(q);
    }
    bool integer(uint64_t &v) {
        if (i_ >= n_ || s_[i_] < '0' || s_[i_] > '9')
            return false;
        v = 0;
        while (i_ < n_ && s_[i_] >= '0' && s_[i_] <= '9') {
            uint64_t d = static_cast<uint64_t>(s_[i_++] - '0');
            if (v > (UINT64_MAX - d) / 10)
                return false;
            v = v * 10 + d;
        }
        if (peek('L'))  // Python 2 long
            i_++;
        return true;
    }
    bool tuple(std::vector<uint64_t> &shape) {
        shape.clear();
        if (!eat('('))
            return false;
        skip();
        while (!peek(')')) {
            uint64_t v;
            if (!integer(v))
                return false;
            shape.push_back(v);
            skip();
            if (eat(',')) {
                skip();
                continue;
            }
            if (!peek(')'))
                return false;
        }
        return eat(')');
    }

    const char *s_;
    size_t n_;
    size_t i_ = 0;
};

}  // namespace

const char *descr_of(DataType t) {
    for (const Descr &d : kDescrs)
        if (d.type == t)
            return d.name;
    return nullptr;
}

DataType dtype_of(const std::string &descr) {
    std::string d = normalise(descr);
    for (const Descr &x : kDescrs)
        if (d == x.name)
            return x.type;
    return DataType::UNKNOWN;
}

size_t item_size(const std::string &descr) {
    std::string d = normalise(descr);
    for (const Descr &x : kDescrs)
        if (d == x.name)
            return x.size;
    return 0;
}

bool parse(const unsigned char *bytes, size_t n, Array &out, std::string &error) {
    static const unsigned char magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
    if (n < 10 || std::memcmp(bytes, magic, 6) != 0) {
        error = "not a .npy file (no \\x93NUMPY magic)";
        return false;
    }
    unsigned major = bytes[6], minor = bytes[7];
    size_t hlen, start;
    if (major == 1 && minor == 0) {
        hlen = static_cast<size_t>(bytes[8]) | static_cast<size_t>(bytes[9]) << 8;
        start = 10;
    } else if ((major == 2 || major == 3) && minor == 0) {
        if (n < 12) {
            error = "truncated header";
            return false;
        }
        hlen = static_cast<size_t>(bytes[8]) | static_cast<size_t>(bytes[9]) << 8 |
               static_cast<size_t>(bytes[10]) << 16 | static_cast<size_t>(bytes[11]) << 24;
        start = 12;
    } else {
        error = "unsupported .npy format version " + std::to_string(major) + "." + std::to_string(minor);
        return false;
    }
    if (hlen > n - start) {
        error = "truncated header";
        return false;
    }
    bool fortran = false;
    Array a;
    HeaderParser hp(reinterpret_cast<const char *>(bytes + start), hlen);
    if (!hp.parse(a, fortran, error))
        return false;
    a.descr = normalise(a.descr);
    size_t es = item_size(a.descr);
    if (es == 0) {
        error = "unsupported dtype '" + a.descr + "' (supported: <f4 <f2 <i4 <i2 |i1 |u1 <i8 <u8 <u4 <u2 |b1, and <u2 for bfloat16)";
        return false;
    }
    uint64_t numel = 1, big = 0;
    for (uint64_t d : a.shape) {
        if (d != 0 && numel > UINT64_MAX / d)
            big = 1;
        numel *= d;
    }
    if (fortran) {
        size_t nontrivial = 0;
        for (uint64_t d : a.shape)
            nontrivial += d > 1;
        if (nontrivial > 1) {
            error = "Fortran-order arrays are not supported";
            return false;
        }
    }
    size_t avail = n - start - hlen;
    if (big || numel > avail / es) {
        error = "truncated data: the header promises " + std::to_string(numel) + " elements of " +
                std::to_string(es) + " bytes, the file has " + std::to_string(avail) + " bytes";
        return false;
    }
    if (numel * es != avail) {
        error = "the file has " + std::to_string(avail - numel * es) + " bytes after the array data";
        return false;
    }
    a.data.assign(bytes + start + hlen, bytes + n);
    out = std::move(a);
    return true;
}

bool read_file(const std::string &path, Array &out, std::string &error) {
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f) {
        error = path + ": " + std::strerror(errno);
        return false;
    }
    std::vector<unsigned char> bytes;
    unsigned char buf[65536];
    size_t got;
    while ((got = std::fread(buf, 1, sizeof buf, f)) > 0)
        bytes.insert(bytes.end(), buf, buf + got);
    bool bad = std::ferror(f) != 0;
    std::fclose(f);
    if (bad) {
        error = path + ": read error";
        return false;
    }
    if (!parse(bytes.data(), bytes.size(), out, error)) {
        error = path + ": " + error;
        return false;
    }
    return true;
}

std::vector<unsigned char> serialize(const std::string &descr, const std::vector<uint64_t> &shape, const void *data,
                                     size_t nbytes) {
    std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (";
    for (size_t i = 0; i < shape.size(); i++) {
        dict += std::to_string(shape[i]);
        if (shape.size() == 1 || i + 1 < shape.size())
            dict += ",";
        if (i + 1 < shape.size())
            dict += " ";
    }
    dict += "), }";
    // Pad with spaces and a final newline to a multiple of 64 bytes in all.
    size_t prefix = 10;
    size_t hlen = (prefix + dict.size() + 1 + 63) / 64 * 64 - prefix;
    if (hlen > 65535) {  // version 2.0: a 4-byte header length
        prefix = 12;
        hlen = (prefix + dict.size() + 1 + 63) / 64 * 64 - prefix;
    }
    dict.append(hlen - dict.size() - 1, ' ');
    dict += '\n';
    std::vector<unsigned char> out = {0x93, 'N', 'U', 'M', 'P', 'Y'};
    out.push_back(prefix == 10 ? 1 : 2);
    out.push_back(0);
    out.push_back(static_cast<unsigned char>(hlen & 0xff));
    out.push_back(static_cast<unsigned char>(hlen >> 8 & 0xff));
    if (prefix == 12) {
        out.push_back(static_cast<unsigned char>(hlen >> 16 & 0xff));
        out.push_back(static_cast<unsigned char>(hlen >> 24 & 0xff));
    }
    out.insert(out.end(), dict.begin(), dict.end());
    const unsigned char *p = static_cast<const unsigned char *>(data);
    if (nbytes > 0)
        out.insert(out.end(), p, p + nbytes);
    return out;
}

bool write_file(const std::string &path, const std::string &descr, const std::vector<uint64_t> &shape,
                const void *data, size_t nbytes, std::string &error) {
    std::vector<unsigned char> img = serialize(descr, shape, data, nbytes);
    FILE *f = std::fopen(path.c_str(), "wb");
    if (!f) {
        error = path + ": " + std::strerror(errno);
        return false;
    }
    bool ok = std::fwrite(img.data(), 1, img.size(), f) == img.size();
    ok = (std::fclose(f) == 0) && ok;
    if (!ok) {
        error = path + ": write error";
        return false;
    }
    return true;
}

}  // namespace pyptocc::npy
