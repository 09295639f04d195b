// tensor.h: tensor descriptors shared by kernels and orchestration code
// (cpp.md 8.3), for pyptocc's CPU runtime.
//
// A Tensor describes a row-major view of a buffer in host memory:
// buffer.addr is the allocation's host address and buffer.size its size in
// bytes; element [i0, ..., i(n-1)] of the view is at element
// start_offset + sum i_k * strides[k] of the buffer; `data` is the address
// of element [0, ..., 0].  A rank-0 tensor (ndims 0) has one element.
#ifndef PYPTOCC_TENSOR_H
#define PYPTOCC_TENSOR_H

#include <cstdint>
#include <initializer_list>

#define RUNTIME_MAX_TENSOR_DIMS 5

// The enumerators up to UNKNOWN, in this order, are the reference runtime's
// (cpp.md 8.4) and keep its values.  The ones after UNKNOWN are pyptocc's:
// the other dtypes of the DSL that have a C++ element type (UINT32
// uint32_t, UINT16 uint16_t, BOOL bool: one byte, 0 or 1).
enum class DataType : int32_t {
    FLOAT32,
    FLOAT16,
    BFLOAT16,
    INT32,
    INT16,
    INT8,
    UINT8,
    INT64,
    UINT64,
    UNKNOWN,
    UINT32,
    UINT16,
    BOOL
};

struct TensorBuffer {
    uint64_t addr;  // host address of the allocation
    uint64_t size;  // its size in bytes
};

struct Tensor {
    TensorBuffer buffer;
    uint64_t start_offset;                      // elements from buffer.addr to element [0, ..., 0]
    uint64_t ndims;
    uint64_t shapes[RUNTIME_MAX_TENSOR_DIMS];   // the view's shape
    uint64_t strides[RUNTIME_MAX_TENSOR_DIMS];  // in elements
    DataType dtype;
    void *data;  // = address of element [0, ..., 0] of this view

    // A view on the same buffer: shapes = `shapes`, start_offset +=
    // sum offsets[k] * strides[k], the same strides, data updated.  Both
    // lists have ndims entries; the view must lie inside this tensor (a fatal
    // runtime error otherwise).
    Tensor view(std::initializer_list<int64_t> shapes, std::initializer_list<int64_t> offsets) const;
    // The same elements, in the same row-major order, under another shape
    // (pl.reshape in orchestration code; pyptocc's, not the reference
    // runtime's): the tensor must be dense (each stride the product of the
    // later dimensions) and keep its element count, or a fatal runtime
    // error says which it is not.
    Tensor reshape(std::initializer_list<int64_t> shapes) const;
};

// Bytes per element (0 for UNKNOWN) and the enumerator's name.
uint64_t data_type_size(DataType t);
const char *data_type_name(DataType t);

#endif
