// rt_npy.cpp: .npy round trips for every supported dtype and rank, files
// laid out as numpy writes them (versions 1.0, 2.0, 3.0), and clear errors
// for bad files.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "npy.h"
#include "rt_test.h"

using pyptocc::npy::Array;

namespace {

std::vector<unsigned char> bytes_of(const std::string &s) { return std::vector<unsigned char>(s.begin(), s.end()); }

// A file image with the given version and header text (padded as numpy does).
std::vector<unsigned char> image(int major, const std::string &dict, const std::vector<unsigned char> &data,
                                 bool pad = true) {
    std::string h = dict;
    size_t prefix = major == 1 ? 10 : 12;
    if (pad) {
        size_t total = prefix + h.size() + 1;
        h.append((64 - total % 64) % 64, ' ');
    }
    h += '\n';
    std::vector<unsigned char> out = {0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<unsigned char>(major), 0};
    size_t n = h.size();
    out.push_back(static_cast<unsigned char>(n & 0xff));
    out.push_back(static_cast<unsigned char>(n >> 8 & 0xff));
    if (major != 1) {
        out.push_back(static_cast<unsigned char>(n >> 16 & 0xff));
        out.push_back(static_cast<unsigned char>(n >> 24 & 0xff));
    }
    out.insert(out.end(), h.begin(), h.end());
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

bool parses(const std::vector<unsigned char> &img, Array &a, std::string &err) {
    return pyptocc::npy::parse(img.data(), img.size(), a, err);
}

void test_round_trips() {
    const DataType types[] = {DataType::FLOAT32, DataType::FLOAT16, DataType::BFLOAT16, DataType::INT32,
                              DataType::INT16,   DataType::INT8,    DataType::UINT8,    DataType::INT64,
                              DataType::UINT64,  DataType::UINT32,  DataType::UINT16,   DataType::BOOL};
    const std::vector<std::vector<uint64_t>> shapes = {{}, {0}, {5}, {3, 4}, {2, 3, 4}, {1, 1, 2, 2, 3}};
    rt_test::Rng g(5);
    for (DataType t : types) {
        const char *descr = pyptocc::npy::descr_of(t);
        CHECK(descr != nullptr);
        // "<u2" is both BFLOAT16's raw bits and UINT16: it reads as BFLOAT16.
        CHECK(pyptocc::npy::dtype_of(descr) == (t == DataType::UINT16 ? DataType::BFLOAT16 : t));
        CHECK(pyptocc::npy::item_size(descr) == data_type_size(t));
        for (const auto &shape : shapes) {
            size_t n = 1;
            for (uint64_t d : shape)
                n *= d;
            std::vector<unsigned char> data(n * data_type_size(t));
            for (auto &b : data)
                b = static_cast<unsigned char>(g.next());
            std::vector<unsigned char> img = pyptocc::npy::serialize(descr, shape, data.data(), data.size());
            // numpy's layout: header (with the 10- or 12-byte prefix) a multiple of 64, ending in '\n'
            size_t hlen = img[8] | img[9] << 8;
            CHECK(img[6] == 1 && img[7] == 0 && (10 + hlen) % 64 == 0 && img[10 + hlen - 1] == '\n');
            Array a;
            std::string err;
            CHECKF(parses(img, a, err), "%s: %s", descr, err.c_str());
            CHECK(a.descr == descr && a.shape == shape && a.data == data);
        }
    }
    // The header text for a few shapes, as numpy prints it.
    std::vector<unsigned char> img = pyptocc::npy::serialize("<f4", {64, 64}, nullptr, 0);
    std::string text(img.begin() + 10, img.end());
    CHECK(text.rfind("{'descr': '<f4', 'fortran_order': False, 'shape': (64, 64), }", 0) == 0);
    img = pyptocc::npy::serialize("|u1", {7}, nullptr, 0);
    text.assign(img.begin() + 10, img.end());
    CHECK(text.rfind("{'descr': '|u1', 'fortran_order': False, 'shape': (7,), }", 0) == 0);
    img = pyptocc::npy::serialize("<u4", {2, 3}, nullptr, 0);
    text.assign(img.begin() + 10, img.end());
    CHECK(text.rfind("{'descr': '<u4', 'fortran_order': False, 'shape': (2, 3), }", 0) == 0);
    img = pyptocc::npy::serialize("<i8", {}, nullptr, 0);
    text.assign(img.begin() + 10, img.end());
    CHECK(text.rfind("{'descr': '<i8', 'fortran_order': False, 'shape': (), }", 0) == 0);
}

void test_numpy_files() {
    // As numpy 1.x/2.x write them.
    std::vector<unsigned char> six(24);
    for (int i = 0; i < 24; i++)
        six[i] = static_cast<unsigned char>(i);
    Array a;
    std::string err;
    CHECK(parses(image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", six), a, err));
    CHECK(a.descr == "<f4" && a.shape == std::vector<uint64_t>({2, 3}) && a.data == six);
    CHECK(parses(image(2, "{'descr': '<i4', 'fortran_order': False, 'shape': (6,), }", six), a, err));
    CHECK(a.descr == "<i4" && a.shape == std::vector<uint64_t>({6}));
    CHECK(parses(image(3, "{'descr': '<i2', 'fortran_order': False, 'shape': (3, 4), }", six), a, err));
    // Other spacing and key order, double quotes, no trailing comma, '<i1' for '|i1'.
    CHECK(parses(image(1, "{\"shape\":(4,6),\"fortran_order\":False,\"descr\":\"<i1\"}", six), a, err));
    CHECK(a.descr == "|i1" && a.shape == std::vector<uint64_t>({4, 6}));
    // Fortran order is fine where it does not change the layout.
    CHECK(parses(image(1, "{'descr': '<i8', 'fortran_order': True, 'shape': (3,), }", six), a, err));
    CHECK(parses(image(1, "{'descr': '<u8', 'fortran_order': True, 'shape': (1, 3), }", six), a, err));
    // Unpadded header (older writers).
    CHECK(parses(image(1, "{'descr': '<u2', 'fortran_order': False, 'shape': (12,), }", six, false), a, err));
    CHECK(a.descr == "<u2" && pyptocc::npy::dtype_of(a.descr) == DataType::BFLOAT16);
    // Unsigned and bool arrays as numpy writes them; '<b1' for '|b1'.
    CHECK(parses(image(1, "{'descr': '<u4', 'fortran_order': False, 'shape': (2, 3), }", six), a, err));
    CHECK(a.descr == "<u4" && pyptocc::npy::dtype_of(a.descr) == DataType::UINT32 && a.data == six);
    CHECK(parses(image(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (24,), }", six), a, err));
    CHECK(a.descr == "|b1" && pyptocc::npy::dtype_of(a.descr) == DataType::BOOL);
    CHECK(parses(image(1, "{'descr': '<b1', 'fortran_order': False, 'shape': (4, 6), }", six), a, err));
    CHECK(a.descr == "|b1");
}

// The DataType enumerators: the reference's first (cpp.md 8.4), values
// unchanged, pyptocc's after UNKNOWN; sizes and names.
void test_data_types() {
    CHECK(static_cast<int>(DataType::FLOAT32) == 0 && static_cast<int>(DataType::UINT64) == 8 &&
          static_cast<int>(DataType::UNKNOWN) == 9);
    CHECK(static_cast<int>(DataType::UINT32) > 9 && static_cast<int>(DataType::UINT16) > 9 &&
          static_cast<int>(DataType::BOOL) > 9);
    CHECK(data_type_size(DataType::UINT32) == 4 && data_type_size(DataType::UINT16) == 2 &&
          data_type_size(DataType::BOOL) == 1 && data_type_size(DataType::UNKNOWN) == 0);
    CHECK(std::string(data_type_name(DataType::UINT32)) == "UINT32" &&
          std::string(data_type_name(DataType::UINT16)) == "UINT16" &&
          std::string(data_type_name(DataType::BOOL)) == "BOOL");
}

void expect_error(const std::vector<unsigned char> &img, const char *needle) {
    Array a;
    std::string err;
    bool ok = parses(img, a, err);
    CHECKF(!ok && err.find(needle) != std::string::npos, "expected an error containing '%s', got %s'%s'", needle,
           ok ? "success " : "", err.c_str());
}

void test_bad_files() {
    std::vector<unsigned char> six(24, 0);
    const std::string good = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
    expect_error(bytes_of("hello, this is not numpy"), "not a .npy file");
    expect_error(bytes_of(""), "not a .npy file");
    std::vector<unsigned char> img = image(1, good, six);
    img[6] = 4;
    expect_error(img, "unsupported .npy format version 4.0");
    img = image(1, good, six);
    img.resize(30);
    expect_error(img, "truncated header");
    img = image(1, good, six);
    img.pop_back();
    expect_error(img, "truncated data");
    img = image(1, good, six);
    img.push_back(0);
    expect_error(img, "bytes after the array data");
    expect_error(image(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", six), "unsupported dtype '<f8'");
    expect_error(image(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (6,), }", six), "unsupported dtype '>f4'");
    expect_error(image(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (3,), }", six), "unsupported dtype");
    expect_error(image(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", six), "Fortran-order");
    expect_error(image(1, "{'descr': '<f4', 'shape': (2, 3), }", six), "lacks");
    expect_error(image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), 'x': 1}", six), "unknown key");
    expect_error(image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3), }", six), "'shape'");
    expect_error(image(1, "{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2, 3), }", six), "fortran_order");
    expect_error(image(1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }", six), "descr");
    expect_error(image(1, "['descr']", six), "not a dictionary");
    expect_error(image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), } extra", six),
                 "text after the dictionary");
    expect_error(image(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, 99999999999, 99999999999), }",
                       six),
                 "truncated data");
}

void test_files() {
    char dir[] = "/tmp/rt_npy_XXXXXX";
    CHECK(mkdtemp(dir) != nullptr);
    std::string path = std::string(dir) + "/x.npy";
    std::vector<uint64_t> shape = {3, 5};
    std::vector<float> v(15);
    for (int i = 0; i < 15; i++)
        v[i] = static_cast<float>(i) * 0.25f - 1.0f;
    std::string err;
    CHECKF(pyptocc::npy::write_file(path, "<f4", shape, v.data(), v.size() * 4, err), "%s", err.c_str());
    Array a;
    CHECKF(pyptocc::npy::read_file(path, a, err), "%s", err.c_str());
    CHECK(a.descr == "<f4" && a.shape == shape && a.data.size() == 60 && std::memcmp(a.data.data(), v.data(), 60) == 0);
    // Errors name the file.
    CHECK(!pyptocc::npy::read_file(std::string(dir) + "/missing.npy", a, err));
    CHECK(err.find("missing.npy") != std::string::npos && err.find("No such file") != std::string::npos);
    FILE *f = std::fopen(path.c_str(), "wb");
    std::fputs("garbage", f);
    std::fclose(f);
    CHECK(!pyptocc::npy::read_file(path, a, err));
    CHECK(err.find("x.npy: not a .npy file") != std::string::npos);
    CHECK(!pyptocc::npy::write_file(std::string(dir) + "/no/such/dir/y.npy", "<f4", shape, v.data(), 60, err));
    CHECK(err.find("y.npy") != std::string::npos);
    std::remove(path.c_str());
    rmdir(dir);
}

}  // namespace

int main() {
    test_round_trips();
    test_numpy_files();
    test_data_types();
    test_bad_files();
    test_files();
    return rt_test::finish("rt_npy");
}
