// tibench merge on a run file damaged below the attributes it reads first:
// the run group's attributes are intact, so the shard checks pass, but one
// dataset's object header inside the run is overwritten, so HDF5 cannot copy
// the run. This is the case fuzz/fuzz_h5 found (merge threw a bare
// std::runtime_error: exit code 1 and no file name); the contract is an
// InputError naming the input and the run, and no output file.
#include <gtest/gtest.h>

#include <H5Cpp.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_file.hpp"
#include "harness/run/merge.hpp"
#include "harness/run/run_cell.hpp"
#include "harness/run/run_identity.hpp"

namespace tibench {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& what) {
  std::string name = "tibench-merge-damaged-";
  name.append(std::to_string(::getpid())).append("-").append(what).append(".h5");
  return fs::temp_directory_path() / name;
}

void write_tiny_run(const fs::path& path) {
  CellSpec c;
  c.problem = "oscillator";
  c.integrator = "rk4";
  c.h = 0.1;
  c.t_end = 1.0;
  c.max_samples = 8;
  c.reference_method = "exact";
  RunFile file(path.string(), false, "test", run_identity({c}, Shard{}));
  file.checkpoint({run_cell(c)}, {}, true);
}

// The file address of the object header of `object`.
haddr_t header_address(const fs::path& path, const std::string& object) {
  H5::H5File f(path.string(), H5F_ACC_RDONLY);
  H5O_info_t info;
  if (H5Oget_info_by_name2(f.getId(), object.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0)
    throw std::runtime_error("no object " + object);
  return info.addr;
}

void overwrite(const fs::path& path, haddr_t at, std::size_t bytes) {
  std::FILE* f = std::fopen(path.c_str(), "r+b");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(std::fseek(f, static_cast<long>(at), SEEK_SET), 0);
  const std::vector<unsigned char> garbage(bytes, 0xA5);
  ASSERT_EQ(std::fwrite(garbage.data(), 1, bytes, f), bytes);
  std::fclose(f);
}

// The first dataset of the first run group, e.g. "/runs/oscillator/rk4/h=.../t".
std::pair<std::string, std::string> run_and_dataset(const fs::path& path) {
  H5::H5File f(path.string(), H5F_ACC_RDONLY);
  std::string run = "/runs";
  for (int depth = 0; depth < 3; ++depth)
    run.append("/").append(f.openGroup(run).getObjnameByIdx(0));
  H5::Group g = f.openGroup(run);
  for (hsize_t i = 0; i < g.getNumObjs(); ++i)
    if (g.getObjTypeByIdx(i) == H5G_DATASET) {
      std::string dataset = run;
      dataset.append("/").append(g.getObjnameByIdx(i));
      return {run, dataset};
    }
  throw std::runtime_error("no dataset in " + run);
}

TEST(MergeDamaged, UncopyableRunIsAnInputErrorNamingTheInput) {
  H5::Exception::dontPrint();
  const fs::path in = scratch("in"), out = scratch("out");
  fs::remove(out);
  write_tiny_run(in);
  const auto [run, dataset] = run_and_dataset(in);
  overwrite(in, header_address(in, dataset), 16);
  {  // the damage is below what the shard checks read
    H5::H5File f(in.string(), H5F_ACC_RDONLY);
    EXPECT_TRUE(f.openGroup(run).attrExists("cell_key"));
  }
  try {
    (void)merge_run_files(out.string(), {in.string()}, "test");
    ADD_FAILURE() << "merge accepted a run whose dataset header is damaged (" << dataset << ")";
  } catch (const InputError& e) {
    const std::string what = e.what();
    std::string quoted = "'";
    quoted.append(in.string()).append("'");
    EXPECT_NE(what.find(quoted), std::string::npos) << what;
    EXPECT_NE(what.find(run), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
  EXPECT_FALSE(fs::exists(out)) << "a failed merge left " << out;
  fs::remove(in);
  fs::remove(out);
}

// The first chunk of `object`: its file address and stored size.
std::pair<haddr_t, hsize_t> first_chunk(const fs::path& path, const std::string& object) {
  H5::H5File f(path.string(), H5F_ACC_RDONLY);
  H5::DataSet d = f.openDataSet(object);
  const H5::DataSpace space = d.getSpace();
  std::vector<hsize_t> offset(static_cast<std::size_t>(space.getSimpleExtentNdims()));
  unsigned mask = 0;
  haddr_t address = 0;
  hsize_t stored = 0;
  if (H5Dget_chunk_info(d.getId(), space.getId(), 0, offset.data(), &mask, &address, &stored) < 0)
    throw std::runtime_error("no chunk in " + object);
  return {address, stored};
}

// fuzz_h5 found HDF5 1.10's object copy (H5Ocopy, which merge used) freeing
// a chunk buffer twice when a damaged chunk failed to decompress: heap
// corruption, SIGABRT. Merge copies by value now (harness/io/h5_copy.hpp), and
// chunks carry a Fletcher-32 checksum: the read fails and says where.
TEST(MergeDamaged, DamagedChunkIsAnInputError) {
  H5::Exception::dontPrint();
  const fs::path in = scratch("chunk"), out = scratch("chunk-out");
  fs::remove(out);
  write_tiny_run(in);
  std::string dataset = run_and_dataset(in).first;
  dataset.append("/energy");  // chunked, compressed
  const auto [address, stored] = first_chunk(in, dataset);
  ASSERT_GT(stored, 8u);
  overwrite(in, address + stored / 2, 4);
  try {
    (void)merge_run_files(out.string(), {in.string()}, "test");
    ADD_FAILURE() << "merge accepted a damaged chunk of " << dataset;
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(dataset), std::string::npos) << what;
  }
  EXPECT_FALSE(fs::exists(out)) << "a failed merge left " << out;
  fs::remove(in);
  fs::remove(out);
}

// Files in HDF5's older formats (no metadata checksums) are refused from
// their first bytes, before HDF5 parses them.
TEST(MergeDamaged, UncheckedFormatIsRefusedBeforeParsing) {
  H5::Exception::dontPrint();
  const fs::path old = scratch("old-format"), out = scratch("old-out");
  fs::remove(out);
  {
    H5::H5File f(old.string(), H5F_ACC_TRUNC);  // HDF5's default: superblock version 0
    H5::Group root = f.openGroup("/");
    h5::attr(root, "schema", h5::kSchema);
  }
  for (const auto& attempt : std::vector<std::function<void()>>{
           [&] { (void)h5::open_for_reading(old.string()); },
           [&] { (void)merge_run_files(out.string(), {old.string()}, "test"); }}) {
    try {
      attempt();
      ADD_FAILURE() << "a file of superblock version 0 was read";
    } catch (const InputError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(old.string()), std::string::npos) << what;
      EXPECT_NE(what.find("superblock version 0"), std::string::npos) << what;
    }
  }
  fs::remove(old);
}

TEST(MergeDamaged, TibenchWritesTheCheckedFormat) {
  const fs::path in = scratch("format");
  write_tiny_run(in);
  std::FILE* f = std::fopen(in.c_str(), "rb");
  ASSERT_NE(f, nullptr);
  unsigned char head[9] = {};
  ASSERT_EQ(std::fread(head, 1, 9, f), 9u);
  std::fclose(f);
  EXPECT_GE(head[8], h5::kSuperblockVersion);
  std::string dataset = run_and_dataset(in).first;
  dataset.append("/energy");
  H5::H5File file(in.string(), H5F_ACC_RDONLY);
  bool fletcher = false;
  const H5::DSetCreatPropList dcpl = file.openDataSet(dataset).getCreatePlist();
  for (int i = 0; i < dcpl.getNfilters(); ++i) {
    unsigned flags = 0, config = 0;
    std::size_t n = 0;
    char name[64];
    fletcher = fletcher || dcpl.getFilter(i, flags, n, nullptr, sizeof name, name, config) ==
                               H5Z_FILTER_FLETCHER32;
  }
  EXPECT_TRUE(fletcher) << dataset << " has no Fletcher-32 checksum";
  fs::remove(in);
}

}  // namespace
}  // namespace tibench
