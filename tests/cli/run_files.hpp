// Helpers for tests that compare whole run files and drive tibench as a
// child process (to interrupt it).
#pragma once

#include <H5Cpp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "harness/io/h5io.hpp"
#include "test_paths.hpp"

namespace tibench::test {

// Every object under /runs, /reference and /convergence, as text: each
// attribute (but wall_s, the one value allowed to differ) and every dataset
// value printed with 17 significant digits. Two files with equal digests
// hold the same cells with the same numbers.
inline std::map<std::string, std::string> digest(const std::string& file) {
  std::map<std::string, std::string> out;
  H5::Exception::dontPrint();
  H5::H5File f(file, H5F_ACC_RDONLY);
  auto value_text = [](const std::vector<double>& v) {
    std::string s;
    char buf[40];
    for (double x : v) {
      std::snprintf(buf, sizeof buf, "%.17g,", x);
      s += buf;
    }
    return s;
  };
  std::vector<std::string> stack;
  for (const char* top : {"/runs", "/reference", "/convergence"})
    if (h5::exists(f, top)) stack.push_back(top);
  while (!stack.empty()) {
    const std::string path = stack.back();
    stack.pop_back();
    H5::Group g = f.openGroup(path);
    // Attributes by name: HDF5 does not promise an iteration order (an
    // object copy, as tibench merge makes, may store them differently).
    std::map<std::string, std::string> attrs;
    for (int a = 0; a < g.getNumAttrs(); ++a) {
      H5::Attribute attr = g.openAttribute(static_cast<unsigned>(a));
      const std::string name = attr.getName();
      if (name == "wall_s" || name == "wall_per_sim_s") continue;
      attrs[name] = attr.getTypeClass() == H5T_STRING ? h5::read_string_attr(g, name)
                                                      : value_text({h5::read_double_attr(g, name)});
    }
    std::string& entry = out[path];
    for (const auto& [name, value] : attrs) entry += name + "=" + value + ";";
    for (const auto& child : h5::children(g)) {
      const std::string cpath = path + "/" + child;
      if (g.childObjType(child) == H5O_TYPE_GROUP) {
        stack.push_back(cpath);
      } else {
        H5::DataSet ds = g.openDataSet(child);
        if (ds.getTypeClass() == H5T_INTEGER) {
          std::string s;
          for (long long x : h5::read_ints(g, child)) s += std::to_string(x) + ",";
          out[cpath] = s;
        } else {
          out[cpath] = value_text(h5::read_doubles(g, child));
        }
      }
    }
  }
  return out;
}

// The first difference between two digests, or "" when equal.
inline std::string first_difference(const std::map<std::string, std::string>& a,
                                    const std::map<std::string, std::string>& b) {
  for (const auto& [k, v] : a) {
    const auto it = b.find(k);
    if (it == b.end()) return "only in the first file: " + k;
    if (it->second != v)
      return "differs: " + k + "\n  " + v.substr(0, 300) + "\n  " + it->second.substr(0, 300);
  }
  for (const auto& [k, v] : b)
    if (!a.count(k)) return "only in the second file: " + k;
  return "";
}

inline std::size_t run_count(const std::string& file) {
  std::size_t n = 0;
  for (const auto& [path, text] : digest(file))
    if (path.rfind("/runs/", 0) == 0 && text.find("cell_key=") != std::string::npos) ++n;
  return n;
}

// Starts tibench with the given arguments (stdout/stderr to files in dir).
inline pid_t spawn_tibench(const std::vector<std::string>& args, const std::string& dir) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::freopen((dir + "/child.out").c_str(), "w", stdout);
    std::freopen((dir + "/child.err").c_str(), "w", stderr);
    std::vector<char*> argv;
    std::string exe = test::tibench_exe();
    argv.push_back(exe.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execv(exe.c_str(), argv.data());
    ::_exit(127);
  }
  return pid;
}

// Polls until `file` exists; false if the child exited first.
inline bool wait_for_file(pid_t pid, const std::string& file, int& status) {
  for (int i = 0; i < 60000; ++i) {
    if (::access(file.c_str(), F_OK) == 0) return true;
    if (::waitpid(pid, &status, WNOHANG) == pid) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

}  // namespace tibench::test
