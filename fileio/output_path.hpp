// Checks of the paths a command will write or read, made before any work
// starts, so that a bad path is exit 2 with a message naming it instead of
// an error after hours of computing.
//
// An output file must be a path in an existing, writable directory that is
// not a directory, symbolic link or special file (device, pipe, socket) —
// writing replaces the file by rename, which would replace a link or a
// device node — and not one of the command's inputs. A cache directory must
// exist or be creatable and be writable.
#pragma once

#include <string>
#include <vector>

namespace tibench {

// Throws InputError "invalid <option> '<path>': <reason> (accepted: ...)".
// `inputs` are files the command reads (it must not overwrite them).
void check_output_file(const std::string& path, const std::string& option,
                       const std::vector<std::string>& inputs = {});

// Creates the directory when missing; throws InputError naming it when it
// cannot be created, is not a directory or is not writable.
void check_cache_directory(const std::string& directory, const std::string& option);

// An existing regular file that can be read; throws InputError otherwise.
void check_input_file(const std::string& path, const std::string& option);

}  // namespace tibench
