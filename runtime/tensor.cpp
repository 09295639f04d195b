// tensor.cpp: Tensor descriptors, views, tensor creation and task
// parameters (tensor.h, pto_orchestration_api.h).
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
