// tensor.cpp: Tensor descriptors, views, tensor creation and task
// parameters (tensor.h, pto_orchestration_api.h).
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "pto/pto-inst.hpp"
#include "rt_internal.h"

using namespace pyptocc::internal;

static_assert(sizeof(bool) == 1, "pyptocc runtime: DataType::BOOL elements are one-byte bools");

uint64_t data_type_size(DataType t) {
    switch (t) {
    case DataType::FLOAT32:
    case DataType::INT32:
    case DataType::UINT32:
        return 4;
    case DataType::FLOAT16:
    case DataType::BFLOAT16:
    case DataType::INT16:
    case DataType::UINT16:
        return 2;
    case DataType::INT8:
    case DataType::UINT8:
    case DataType::BOOL:
        return 1;
    case DataType::INT64:
    case DataType::UINT64:
        return 8;
    case DataType::UNKNOWN:
        break;
    }
    return 0;
}

const char *data_type_name(DataType t) {
    switch (t) {
    case DataType::FLOAT32:
        return "FLOAT32";
    case DataType::FLOAT16:
        return "FLOAT16";
    case DataType::BFLOAT16:
        return "BFLOAT16";
    case DataType::INT32:
        return "INT32";
    case DataType::INT16:
        return "INT16";
    case DataType::INT8:
        return "INT8";
    case DataType::UINT8:
        return "UINT8";
    case DataType::INT64:
        return "INT64";
    case DataType::UINT64:
        return "UINT64";
    case DataType::UINT32:
        return "UINT32";
    case DataType::UINT16:
        return "UINT16";
    case DataType::BOOL:
        return "BOOL";
    case DataType::UNKNOWN:
        break;
    }
    return "UNKNOWN";
}

namespace {

// Tensors made outside any pyptocc_run: freed at exit.
struct Orphans {
    std::vector<void *> p;
    ~Orphans() {
        for (void *q : p)
            std::free(q);
    }
};
Orphans orphans;

Tensor describe(void *addr, uint64_t bytes, const uint64_t shapes[], uint64_t ndims, DataType dtype) {
    Tensor t;
    std::memset(&t, 0, sizeof t);
    t.buffer.addr = reinterpret_cast<uintptr_t>(addr);
    t.buffer.size = bytes;
    t.start_offset = 0;
    t.ndims = ndims;
    uint64_t stride = 1;
    for (uint64_t i = ndims; i-- > 0;) {
        t.shapes[i] = shapes[i];
        t.strides[i] = stride;
        stride *= shapes[i];
    }
    t.dtype = dtype;
    t.data = addr;
    return t;
}

uint64_t checked_bytes(const char *fn, const uint64_t shapes[], uint64_t ndims, DataType dtype) {
    if (ndims > RUNTIME_MAX_TENSOR_DIMS)
        pyptocc::fatal("%s: %llu dimensions (at most %d)", fn, static_cast<unsigned long long>(ndims),
                       RUNTIME_MAX_TENSOR_DIMS);
    if (ndims > 0 && !shapes)
        pyptocc::fatal("%s: no shape array", fn);
    uint64_t es = data_type_size(dtype);
    if (es == 0)
        pyptocc::fatal("%s: unknown data type %d", fn, static_cast<int>(dtype));
    uint64_t numel, bytes;
    if (!checked_numel(shapes, ndims, es, &numel, &bytes))
        pyptocc::fatal("%s: the tensor's size overflows", fn);
    return bytes;
}

}  // namespace

Tensor make_tensor_external(void *addr, const uint64_t shapes[], uint64_t ndims, DataType dtype) {
    uint64_t bytes = checked_bytes("make_tensor_external", shapes, ndims, dtype);
    if (!addr && bytes > 0)
        pyptocc::fatal("make_tensor_external: null address");
    uintptr_t a = reinterpret_cast<uintptr_t>(addr);
    if (PTO2Runtime *rt = run_state().current_rt) {
        for (const PTO2Runtime::Slot &s : rt->slots)
            if (s.lo < s.hi && s.lo <= a && a < s.hi && bytes > s.hi - a)
                pyptocc::fatal("make_tensor_external: a %s tensor of %llu bytes does not fit argument '%s' "
                               "(%llu bytes from its address)",
                               data_type_name(dtype), static_cast<unsigned long long>(bytes), s.name,
                               static_cast<unsigned long long>(s.hi - a));
    }
    return describe(addr, bytes, shapes, ndims, dtype);
}

Tensor make_tensor(const uint64_t shapes[], uint64_t ndims, DataType dtype) {
    uint64_t bytes = checked_bytes("make_tensor", shapes, ndims, dtype);
    if (bytes > SIZE_MAX)
        pyptocc::fatal("make_tensor: %llu bytes do not fit in memory", static_cast<unsigned long long>(bytes));
    void *p = std::calloc(bytes ? static_cast<size_t>(bytes) : 1, 1);
    if (!p)
        pyptocc::fatal("make_tensor: out of memory for %llu bytes", static_cast<unsigned long long>(bytes));
    if (PTO2Runtime *rt = run_state().current_rt)
        rt->owned.push_back(p);
    else
        orphans.p.push_back(p);
    return describe(p, bytes, shapes, ndims, dtype);
}

Tensor Tensor::view(std::initializer_list<int64_t> new_shapes, std::initializer_list<int64_t> offsets) const {
    if (new_shapes.size() != ndims || offsets.size() != ndims)
        pyptocc::fatal("Tensor::view: %zu shapes and %zu offsets for a tensor of rank %llu", new_shapes.size(),
                       offsets.size(), static_cast<unsigned long long>(ndims));
    Tensor v = *this;
    uint64_t off = start_offset;
    for (uint64_t k = 0; k < ndims; k++) {
        int64_t s = new_shapes.begin()[k], o = offsets.begin()[k];
        if (s < 0 || o < 0 || static_cast<uint64_t>(o) > shapes[k] || static_cast<uint64_t>(s) > shapes[k] - static_cast<uint64_t>(o))
            pyptocc::fatal("Tensor::view: dimension %llu: offset %lld + size %lld is outside the tensor's %llu",
                           static_cast<unsigned long long>(k), static_cast<long long>(o), static_cast<long long>(s),
                           static_cast<unsigned long long>(shapes[k]));
        v.shapes[k] = static_cast<uint64_t>(s);
        off += static_cast<uint64_t>(o) * strides[k];
    }
    v.start_offset = off;
    v.data = reinterpret_cast<void *>(static_cast<uintptr_t>(buffer.addr + off * data_type_size(dtype)));
    return v;
}

Tensor Tensor::reshape(std::initializer_list<int64_t> new_shapes) const {
    uint64_t have = 1, want = 1, dense = 1;
    Tensor r = *this;
    if (new_shapes.size() == 0 || new_shapes.size() > RUNTIME_MAX_TENSOR_DIMS)
        pyptocc::fatal("Tensor::reshape: %zu dimensions (a tensor has 1 to %d)", new_shapes.size(),
                       RUNTIME_MAX_TENSOR_DIMS);
    for (uint64_t k = ndims; k-- > 0;) {
        if (strides[k] != dense && shapes[k] != 1)
            pyptocc::fatal("Tensor::reshape: the tensor is a strided view (dimension %llu has stride %llu, not "
                           "%llu): only a dense tensor keeps its order under another shape",
                           static_cast<unsigned long long>(k), static_cast<unsigned long long>(strides[k]),
                           static_cast<unsigned long long>(dense));
        dense *= shapes[k];
        have *= shapes[k];
    }
    for (int64_t s : new_shapes) {
        if (s < 0)
            pyptocc::fatal("Tensor::reshape: a negative dimension %lld", static_cast<long long>(s));
        want *= static_cast<uint64_t>(s);
    }
    if (want != have)
        pyptocc::fatal("Tensor::reshape: %llu elements cannot take a shape of %llu",
                       static_cast<unsigned long long>(have), static_cast<unsigned long long>(want));
    r.ndims = new_shapes.size();
    dense = 1;
    for (uint64_t k = r.ndims; k-- > 0;) {
        r.shapes[k] = static_cast<uint64_t>(new_shapes.begin()[k]);
        r.strides[k] = dense;
        dense *= r.shapes[k];
    }
    for (uint64_t k = r.ndims; k < RUNTIME_MAX_TENSOR_DIMS; k++)
        r.shapes[k] = r.strides[k] = 0;
    return r;
}

static PTOParam tensor_param(PTOParamType type, const Tensor &t) {
    PTOParam p;
    std::memset(&p, 0, sizeof p);
    p.type = type;
    p.tensor = t;
    return p;
}

PTOParam make_input_param(const Tensor &t) { return tensor_param(PTOParamType::INPUT, t); }
PTOParam make_output_param(const Tensor &t) { return tensor_param(PTOParamType::OUTPUT, t); }
PTOParam make_inout_param(const Tensor &t) { return tensor_param(PTOParamType::INOUT, t); }
PTOParam make_scalar_param(uint64_t value) {
    PTOParam p;
    std::memset(&p, 0, sizeof p);
    p.type = PTOParamType::SCALAR;
    p.scalar = value;
    return p;
}

namespace {

template <typename T> void fill_elements(const Tensor &t, T value) {
    // Row-major over the view's shape, through its strides.
    uint64_t idx[RUNTIME_MAX_TENSOR_DIMS] = {0};
    uint64_t numel = 1;
    for (uint64_t k = 0; k < t.ndims; k++)
        numel *= t.shapes[k];
    T *base = static_cast<T *>(t.data);
    for (uint64_t n = 0; n < numel; n++) {
        uint64_t off = 0;
        for (uint64_t k = 0; k < t.ndims; k++)
            off += idx[k] * t.strides[k];
        base[off] = value;
        for (uint64_t k = t.ndims; k-- > 0;) {
            if (++idx[k] < t.shapes[k])
                break;
            idx[k] = 0;
        }
    }
}

}  // namespace

namespace pyptocc {

void set_initial_value(const Tensor &t, double value) {
    const bool whole = value >= -9007199254740992.0 && value <= 9007199254740992.0 && value == std::floor(value);
    switch (t.dtype) {
    case DataType::FLOAT32:
        fill_elements<float>(t, static_cast<float>(value));
        return;
    case DataType::FLOAT16:
    case DataType::BFLOAT16:
        if (value != 0.0)
            fatal("set_initial_value: a %s tensor can only be filled with 0, not %g", data_type_name(t.dtype), value);
        fill_elements<uint16_t>(t, 0);
        return;
    case DataType::BOOL:
    case DataType::INT8:
    case DataType::UINT8:
    case DataType::INT16:
    case DataType::UINT16:
    case DataType::INT32:
    case DataType::UINT32:
    case DataType::INT64:
    case DataType::UINT64:
        break;
    default:
        fatal("set_initial_value: unknown data type %d", static_cast<int>(t.dtype));
    }
    if (!whole)
        fatal("set_initial_value: %g is not a whole number within 2^53 for a %s tensor", value,
              data_type_name(t.dtype));
    int64_t v = static_cast<int64_t>(value);
    switch (t.dtype) {
    case DataType::BOOL: fill_elements<uint8_t>(t, v != 0); break;
    case DataType::INT8: fill_elements<int8_t>(t, static_cast<int8_t>(v)); break;
    case DataType::UINT8: fill_elements<uint8_t>(t, static_cast<uint8_t>(v)); break;
    case DataType::INT16: fill_elements<int16_t>(t, static_cast<int16_t>(v)); break;
    case DataType::UINT16: fill_elements<uint16_t>(t, static_cast<uint16_t>(v)); break;
    case DataType::INT32: fill_elements<int32_t>(t, static_cast<int32_t>(v)); break;
    case DataType::UINT32: fill_elements<uint32_t>(t, static_cast<uint32_t>(v)); break;
    case DataType::INT64: fill_elements<int64_t>(t, v); break;
    default: fill_elements<uint64_t>(t, static_cast<uint64_t>(v)); break;
    }
}

}  // namespace pyptocc
