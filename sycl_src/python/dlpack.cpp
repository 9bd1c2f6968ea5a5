// DLPack export of pysyclfft.DeviceArray (__dlpack__): a "dltensor" capsule
// holding a DLManagedTensor that keeps the Python array (and so its USM
// allocation) alive until the consumer calls the deleter. And import: a view
// of another library's capsule (arrays on CUDA devices that offer only
// DLPack), which owns the tensor until the view dies.
// The structs follow the public DLPack specification (dlpack.h: the v0.8 ABI,
// the unversioned DLManagedTensor every consumer accepts, and v1's versioned one).
#include <Python.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "dlpack.hpp"

namespace py = pybind11;

namespace {

struct DLDevice {
  std::int32_t device_type;  // kDLCPU = 1, kDLOneAPI = 14, ...
  std::int32_t device_id;
};

struct DLDataType {
  std::uint8_t code;  // kDLInt = 0, kDLUInt = 1, kDLFloat = 2, kDLComplex = 5, kDLBool = 6
  std::uint8_t bits;
  std::uint16_t lanes;
};

struct DLTensor {
  void* data;
  DLDevice device;
  std::int32_t ndim;
  DLDataType dtype;
  std::int64_t* shape;
  std::int64_t* strides;  // in elements
  std::uint64_t byte_offset;
};

struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor*);
};

struct DLPackVersion {
  std::uint32_t major, minor;
};

struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned*);
  std::uint64_t flags;  // bit 0: read only
  DLTensor dl_tensor;
};

constexpr const char* kCapsuleName = "dltensor";
constexpr const char* kVersionedName = "dltensor_versioned";

// What the DLManagedTensor owns: its shape/strides storage and a reference to the exporter.
struct Export {
  DLManagedTensor managed{};
  std::vector<std::int64_t> shape, strides;
  PyObject* owner = nullptr;
};

// Consumers may call the deleter from any thread, with or without the GIL.
void delete_export(DLManagedTensor* managed) {
  auto* exported = static_cast<Export*>(managed->manager_ctx);
  PyGILState_STATE gil = PyGILState_Ensure();
  Py_XDECREF(exported->owner);
  PyGILState_Release(gil);
  delete exported;
}

// A capsule never consumed still owns its tensor; a consumed one was renamed "used_dltensor".
void destroy_capsule(PyObject* capsule) {
  if (!PyCapsule_IsValid(capsule, kCapsuleName)) return;
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kCapsuleName));
  if (managed != nullptr && managed->deleter != nullptr) managed->deleter(managed);
}

py::capsule make_dlpack_capsule(py::object owner, std::uintptr_t first_element, std::vector<std::int64_t> shape,
                                std::vector<std::int64_t> strides, int type_code, int bits, int device_type,
                                int device_id) {
  if (shape.size() != strides.size()) throw std::invalid_argument("pysyclfft: shape and strides differ in length");
  auto exported = std::make_unique<Export>();
  exported->shape = std::move(shape);
  exported->strides = std::move(strides);
  DLTensor& t = exported->managed.dl_tensor;
  t.data = reinterpret_cast<void*>(first_element);
  t.device = DLDevice{device_type, device_id};
  t.ndim = static_cast<std::int32_t>(exported->shape.size());
  t.dtype = DLDataType{static_cast<std::uint8_t>(type_code), static_cast<std::uint8_t>(bits), 1};
  t.shape = exported->shape.data();
  t.strides = exported->strides.data();
  t.byte_offset = 0;
  exported->managed.manager_ctx = exported.get();
  exported->managed.deleter = delete_export;
  PyObject* capsule = PyCapsule_New(&exported->managed, kCapsuleName, destroy_capsule);
  if (capsule == nullptr) throw py::error_already_set();
  exported->owner = owner.release().ptr();  // the tensor's reference to the array
  exported.release();
  return py::reinterpret_steal<py::capsule>(capsule);
}

// A consumed capsule's tensor, released through its producer's deleter when the last view dies.
struct Imported {
  void* managed;
  bool versioned;
  ~Imported() {
    if (versioned) {
      auto* t = static_cast<DLManagedTensorVersioned*>(managed);
      if (t->deleter != nullptr) t->deleter(t);
    } else {
      auto* t = static_cast<DLManagedTensor*>(managed);
      if (t->deleter != nullptr) t->deleter(t);
    }
  }
};

// Consumes a DLPack capsule (renaming it "used_...", as the protocol asks) and describes
// its tensor: (owner, address of the first element, shape, element strides or None,
// (type code, bits, lanes), (device type, device id), read only). `owner` keeps the tensor.
py::tuple import_dlpack(py::capsule capsule) {
  const bool versioned = PyCapsule_IsValid(capsule.ptr(), kVersionedName) != 0;
  if (!versioned && PyCapsule_IsValid(capsule.ptr(), kCapsuleName) == 0)
    throw std::invalid_argument("pysyclfft: not an unconsumed DLPack capsule ('dltensor' or 'dltensor_versioned')");
  void* managed = PyCapsule_GetPointer(capsule.ptr(), versioned ? kVersionedName : kCapsuleName);
  const DLTensor& t = versioned ? static_cast<DLManagedTensorVersioned*>(managed)->dl_tensor
                                : static_cast<DLManagedTensor*>(managed)->dl_tensor;
  if (versioned && static_cast<DLManagedTensorVersioned*>(managed)->version.major != 1)
    throw std::invalid_argument("pysyclfft: DLPack major version " +
                                std::to_string(static_cast<DLManagedTensorVersioned*>(managed)->version.major) +
                                " is not supported (1 is)");
  const bool read_only = versioned && (static_cast<DLManagedTensorVersioned*>(managed)->flags & 1) != 0;
  std::vector<std::int64_t> shape(t.shape, t.shape + t.ndim);
  py::object strides = py::none();
  if (t.strides != nullptr) strides = py::cast(std::vector<std::int64_t>(t.strides, t.strides + t.ndim));
  const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(t.data) + t.byte_offset;
  const py::tuple description = py::make_tuple(
      first, shape, strides, py::make_tuple(int(t.dtype.code), int(t.dtype.bits), int(t.dtype.lanes)),
      py::make_tuple(int(t.device.device_type), int(t.device.device_id)), read_only);
  if (PyCapsule_SetName(capsule.ptr(), versioned ? "used_dltensor_versioned" : "used_dltensor") != 0)
    throw py::error_already_set();
  std::unique_ptr<Imported> owner(new Imported{managed, versioned});
  py::capsule keeper(owner.get(), [](void* p) { delete static_cast<Imported*>(p); });
  owner.release();
  return py::make_tuple(keeper) + description;
}

}  // namespace

namespace pysyclfft::python {

void register_dlpack(py::module_& m) {
  m.def("dlpack_capsule", &make_dlpack_capsule, py::arg("owner"), py::arg("first_element"), py::arg("shape"),
        py::arg("strides"), py::arg("type_code"), py::arg("bits"), py::arg("device_type"), py::arg("device_id"),
        "A DLPack 'dltensor' capsule viewing memory of `owner` (kept alive until the consumer is done); "
        "strides in elements.");
  m.def("import_dlpack", &import_dlpack, py::arg("capsule"),
        "Consume a DLPack capsule: (owner, first element address, shape, element strides or None, "
        "(type code, bits, lanes), (device type, device id), read only); `owner` keeps the tensor alive.");
}

}  // namespace pysyclfft::python
