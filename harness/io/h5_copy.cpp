#include "harness/io/h5_copy.hpp"

#include <hdf5.h>

#include <vector>

#include "core/parameters.hpp"
#include "harness/io/h5io.hpp"

namespace tibench::h5 {

namespace {

// An hid_t closed at scope exit (the C API: the C++ API has no generic
// object copy by value, and its exceptions lose the object's name).
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t)) : id_(id), close_(close) {}
  ~Handle() {
    if (id_ >= 0) close_(id_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  hid_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

struct Context {
  const std::string& input;
  [[noreturn]] void fail(const std::string& object, const std::string& what) const {
    throw InputError("cannot copy " + object + " from '" + input + "': " + what +
                     " (accepted: undamaged files written by tibench)");
  }
  hid_t opened(hid_t id, const std::string& object, const char* what) const {
    if (id < 0) fail(object, what);
    return id;
  }
  void succeeded(herr_t rc, const std::string& object, const char* what) const {
    if (rc < 0) fail(object, what);
  }
};

// Room for every value of an attribute or dataset of file type `type` and
// shape `space`, in its native in-memory type. Variable-length types are
// refused: tibench writes none, and HDF5 1.10 reads them through its global
// heap without checking it (see harness/io/h5io.cpp).
struct NativeValues {
  NativeValues(hid_t type, hid_t space, const std::string& object, const Context& c)
      : mem(c.opened(H5Tget_native_type(type, H5T_DIR_ASCEND), object,
                     "its type has no native form"),
            H5Tclose),
        points(H5Sget_simple_extent_npoints(space)) {
    if (points < 0) c.fail(object, "its shape is unreadable");
    if (H5Tdetect_class(mem.get(), H5T_VLEN) != 0 || H5Tis_variable_str(mem.get()) != 0)
      c.fail(object, "it holds variable-length data");
    bytes.resize(static_cast<std::size_t>(points) * H5Tget_size(mem.get()) + 1);
  }
  Handle mem;
  hssize_t points;
  std::vector<unsigned char> bytes;
};

void copy_attributes(hid_t from, hid_t to, const std::string& object, const Context& c) {
  H5O_info_t info;
  c.succeeded(H5Oget_info2(from, &info, H5O_INFO_NUM_ATTRS), object, "its header is unreadable");
  for (hsize_t i = 0; i < info.num_attrs; ++i) {
    Handle a(
        c.opened(H5Aopen_by_idx(from, ".", H5_INDEX_NAME, H5_ITER_INC, i, H5P_DEFAULT, H5P_DEFAULT),
                 object, "an attribute is unreadable"),
        H5Aclose);
    std::vector<char> name(static_cast<std::size_t>(H5Aget_name(a.get(), 0, nullptr)) + 1);
    H5Aget_name(a.get(), name.size(), name.data());
    const std::string where = object + " attribute '" + name.data() + "'";
    Handle type(c.opened(H5Aget_type(a.get()), where, "its type is unreadable"), H5Tclose);
    Handle space(c.opened(H5Aget_space(a.get()), where, "its shape is unreadable"), H5Sclose);
    NativeValues values(type.get(), space.get(), where, c);
    c.succeeded(H5Aread(a.get(), values.mem.get(), values.bytes.data()), where,
                "its value is unreadable");
    Handle out(
        c.opened(H5Acreate2(to, name.data(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
                 where, "it cannot be created in the output"),
        H5Aclose);
    c.succeeded(H5Awrite(out.get(), values.mem.get(), values.bytes.data()), where,
                "it cannot be written");
  }
}

void copy_dataset(hid_t from_group, hid_t to_group, const std::string& name,
                  const std::string& object, const Context& c) {
  Handle d(
      c.opened(H5Dopen2(from_group, name.c_str(), H5P_DEFAULT), object, "its header is unreadable"),
      H5Dclose);
  Handle type(c.opened(H5Dget_type(d.get()), object, "its type is unreadable"), H5Tclose);
  Handle space(c.opened(H5Dget_space(d.get()), object, "its shape is unreadable"), H5Sclose);
  Handle dcpl(c.opened(H5Dget_create_plist(d.get()), object, "its layout is unreadable"), H5Pclose);
  keep_compact(dcpl.get());
  NativeValues values(type.get(), space.get(), object, c);
  if (values.points > 0)
    c.succeeded(
        H5Dread(d.get(), values.mem.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, values.bytes.data()),
        object, "its data is unreadable");
  Handle out(c.opened(H5Dcreate2(to_group, name.c_str(), type.get(), space.get(), H5P_DEFAULT,
                                 dcpl.get(), H5P_DEFAULT),
                      object, "it cannot be created in the output"),
             H5Dclose);
  if (values.points > 0)
    c.succeeded(
        H5Dwrite(out.get(), values.mem.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, values.bytes.data()),
        object, "it cannot be written");
  copy_attributes(d.get(), out.get(), object, c);
}

void copy_members(hid_t from, hid_t to, const std::string& path, const Context& c) {
  copy_attributes(from, to, path, c);
  H5G_info_t info;
  c.succeeded(H5Gget_info(from, &info), path, "its member list is unreadable");
  for (hsize_t i = 0; i < info.nlinks; ++i) {
    const ssize_t length =
        H5Lget_name_by_idx(from, ".", H5_INDEX_NAME, H5_ITER_INC, i, nullptr, 0, H5P_DEFAULT);
    if (length < 0) c.fail(path, "its member list is unreadable");
    std::vector<char> name(static_cast<std::size_t>(length) + 1);
    H5Lget_name_by_idx(from, ".", H5_INDEX_NAME, H5_ITER_INC, i, name.data(), name.size(),
                       H5P_DEFAULT);
    const std::string child = path + "/" + name.data();
    H5O_info_t child_info;
    c.succeeded(H5Oget_info_by_name2(from, name.data(), &child_info, H5O_INFO_BASIC, H5P_DEFAULT),
                child, "its header is unreadable");
    if (child_info.type == H5O_TYPE_GROUP) {
      Handle g(c.opened(H5Gopen2(from, name.data(), H5P_DEFAULT), child, "it cannot be opened"),
               H5Gclose);
      Handle gcpl(H5Pcreate(H5P_GROUP_CREATE), H5Pclose);
      keep_compact(gcpl.get());
      Handle out(c.opened(H5Gcreate2(to, name.data(), H5P_DEFAULT, gcpl.get(), H5P_DEFAULT), child,
                          "it cannot be created in the output"),
                 H5Gclose);
      copy_members(g.get(), out.get(), child, c);
    } else if (child_info.type == H5O_TYPE_DATASET) {
      copy_dataset(from, to, name.data(), child, c);
    } else {
      c.fail(child, "it is neither a group nor a dataset");
    }
  }
}

}  // namespace

void copy_group(const H5::H5File& from, const std::string& path, H5::H5File& to,
                const std::string& input) {
  const Context c{input};
  Handle source(
      c.opened(H5Gopen2(from.getId(), path.c_str(), H5P_DEFAULT), path, "it cannot be opened"),
      H5Gclose);
  H5::Group target = group(to, path);
  copy_members(source.get(), target.getId(), path, c);
}

}  // namespace tibench::h5
